from count_vowels import count_vowels


def test_v0():
    assert count_vowels("banana") == 3


def test_v1():
    assert count_vowels("sky") == 0


def test_v2():
    assert count_vowels("Echo") == 2
