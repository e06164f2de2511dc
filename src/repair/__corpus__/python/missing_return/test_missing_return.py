from missing_return import squares


def test_squares():
    assert squares(4) == [0, 1, 4, 9]


def test_none():
    assert squares(0) == []
