from mean_and_max import mean_and_max


def test_v0():
    assert mean_and_max([1, 2]) == (1.5, 2)


def test_v1():
    assert mean_and_max([4, 4]) == (4.0, 4)


def test_v2():
    assert mean_and_max([3, 1, 2]) == (2.0, 3)
