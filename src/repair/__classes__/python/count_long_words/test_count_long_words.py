from count_long_words import count_long_words


def test_v0():
    assert count_long_words("a bb ccc", 2) == 2


def test_v1():
    assert count_long_words("hello world", 6) == 0


def test_v2():
    assert count_long_words("one two three", 4) == 1
