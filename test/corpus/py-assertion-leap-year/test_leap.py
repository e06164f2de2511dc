from leap import is_leap


def test_regular():
    assert is_leap(2024) is True


def test_century():
    assert is_leap(1900) is False
