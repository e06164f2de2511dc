from sum_of_squares import sum_of_squares, norm


def test_h0():
    assert sum_of_squares([]) == 0


def test_h1():
    assert sum_of_squares([-3]) == 9


def test_h2():
    assert norm([6, 8]) == 10.0
