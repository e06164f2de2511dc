from digits import count_digits


def test_zero():
    assert count_digits(0) == 0


def test_many():
    assert count_digits(12345) == 5


def test_negative():
    assert count_digits(-5) == 0
