from words.freq import top


def test_top(text):
    assert top(text, 2) == [("the", 3), ("dog", 2)]
