from palindrome import is_palindrome


def test_simple():
    assert is_palindrome("racecar")
