from search import find


def test_middle():
    assert find([1, 3, 5], 3) == 1


def test_right():
    assert find([1, 3, 5, 7], 7) == 3
