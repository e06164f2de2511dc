from safe_ratio import safe_ratio


def test_half():
    assert safe_ratio(1, 2) == 0.5


def test_zero_whole():
    assert safe_ratio(5, 0) == 0


def test_zero_part():
    assert safe_ratio(0, 9) == 0
