from distance import distance


def test_h0():
    assert distance((0, 3), (0, 0)) == 3.0


def test_h1():
    assert distance((2, 0), (0, 0)) == 2.0


def test_h2():
    assert distance((1, 2), (4, 6)) == 5.0


def test_h3():
    assert distance((-1, -1), (2, 3)) == 5.0
