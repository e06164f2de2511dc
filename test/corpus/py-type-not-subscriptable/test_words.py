from words import last_word_length


def test_last_word():
    assert last_word_length("hello big world") == 5
