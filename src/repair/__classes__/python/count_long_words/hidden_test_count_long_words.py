from count_long_words import count_long_words


def test_h0():
    assert count_long_words("", 1) == 0


def test_h1():
    assert count_long_words("abc", 3) == 1


def test_h2():
    assert count_long_words("a b c", 1) == 3


def test_h3():
    assert count_long_words("tiny words only", 9) == 0
