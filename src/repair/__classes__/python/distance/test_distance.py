from distance import distance


def test_v0():
    assert distance((0, 0), (3, 4)) == 5.0


def test_v1():
    assert distance((1, 1), (1, 1)) == 0.0


def test_v2():
    assert distance((0, 0), (0, 2)) == 2.0
