from count_vowels import count_vowels


def test_h0():
    assert count_vowels("") == 0


def test_h1():
    assert count_vowels("AEIOU") == 5


def test_h2():
    assert count_vowels("a") == 1


def test_h3():
    assert count_vowels("rhythm and blues") == 3
