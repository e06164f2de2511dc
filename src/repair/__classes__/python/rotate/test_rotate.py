from rotate import rotate_left


def test_v0():
    assert rotate_left([1, 2, 3], 1) == [2, 3, 1]


def test_v1():
    assert rotate_left([], 3) == []
