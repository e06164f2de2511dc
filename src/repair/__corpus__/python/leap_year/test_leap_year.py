from leap_year import is_leap_year


def test_century_divisible_by_400():
    assert is_leap_year(2000)


def test_plain_century():
    assert not is_leap_year(1900)


def test_ordinary_leap_year():
    assert is_leap_year(2024)


def test_common_year():
    assert not is_leap_year(2023)
