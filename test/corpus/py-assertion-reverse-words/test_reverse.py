from reverse import reverse_words


def test_reverse():
    assert reverse_words("hello world") == "world hello"
