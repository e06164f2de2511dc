from digits import digit_count


def test_digits():
    assert digit_count(12345) == 5
