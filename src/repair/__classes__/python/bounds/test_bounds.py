from bounds import bounds


def test_v0():
    assert bounds([(0, 0), (2, 3)]) == (0, 0, 2, 3)


def test_v1():
    assert bounds([(1, 1)]) == (1, 1, 1, 1)
