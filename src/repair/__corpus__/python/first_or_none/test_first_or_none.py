from first_or_none import first_word


def test_sentence():
    assert first_word("hello big world") == "hello"


def test_blank():
    assert first_word("   ") is None


def test_empty():
    assert first_word("") is None
