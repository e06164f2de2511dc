from rotate import rotate_left


def test_h0():
    assert rotate_left([1, 2, 3, 4], 2) == [3, 4, 1, 2]


def test_h1():
    assert rotate_left([1, 2], 0) == [1, 2]


def test_h2():
    assert rotate_left([1, 2, 3], 4) == [2, 3, 1]
