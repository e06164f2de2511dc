from merge import merge


def test_h0():
    assert merge([5], [1, 2, 3]) == [1, 2, 3, 5]


def test_h1():
    assert merge([1, 1], [1]) == [1, 1, 1]


def test_h2():
    assert merge([2, 9], []) == [2, 9]
