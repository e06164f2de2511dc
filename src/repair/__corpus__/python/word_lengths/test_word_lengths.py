from word_lengths import longest_word


def test_longest_last():
    assert longest_word("a bb ccc") == "ccc"


def test_tie():
    assert longest_word("cat dog") == "cat"


def test_middle():
    assert longest_word("x longest y") == "longest"
