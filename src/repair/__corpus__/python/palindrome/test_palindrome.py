from palindrome import is_palindrome


def test_sentence():
    assert is_palindrome("A man, a plan, a canal: Panama")


def test_word():
    assert is_palindrome("Level")


def test_not_palindrome():
    assert not is_palindrome("palindrome")
