from mean_and_max import mean_and_max


def test_h0():
    assert mean_and_max([5]) == (5.0, 5)


def test_h1():
    assert mean_and_max([1, 10]) == (5.5, 10)
