from merge import merge


def test_v0():
    assert merge([1, 4], [2, 3]) == [1, 2, 3, 4]


def test_v1():
    assert merge([], [1]) == [1]
