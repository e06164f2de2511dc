from reverse_words import reverse_words


def test_three_words():
    assert reverse_words("one two three") == "three two one"


def test_single_word():
    assert reverse_words("hello") == "hello"


def test_extra_spaces():
    assert reverse_words("  a   b ") == "b a"
