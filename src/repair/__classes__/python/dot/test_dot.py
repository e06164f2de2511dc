from dot import dot


def test_v0():
    assert dot([1, 2], [3, 4]) == 11


def test_v1():
    assert dot([2], [5]) == 10


def test_v2():
    assert dot([], []) == 0
