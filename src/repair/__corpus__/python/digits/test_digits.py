from digits import digit_sum


def test_three_digits():
    assert digit_sum(123) == 6


def test_zero():
    assert digit_sum(0) == 0


def test_nines():
    assert digit_sum(999) == 27
