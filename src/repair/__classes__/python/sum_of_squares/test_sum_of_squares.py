from sum_of_squares import sum_of_squares, norm


def test_v0():
    assert sum_of_squares([1, 2]) == 5


def test_v1():
    assert norm([3, 4]) == 5.0
