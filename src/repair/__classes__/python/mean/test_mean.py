from mean import mean


def test_v0():
    assert mean([1, 2, 3]) == 2


def test_v1():
    assert mean([]) == 0


def test_v2():
    assert mean([5]) == 5
