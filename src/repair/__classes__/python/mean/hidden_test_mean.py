from mean import mean


def test_h0():
    assert mean([2, 4]) == 3


def test_h1():
    assert mean([-1, 1]) == 0


def test_h2():
    assert mean([]) == 0


def test_h3():
    assert mean([10, 20, 30, 40]) == 25
