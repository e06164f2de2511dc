from wordcount import word_counts


def test_counts():
    assert word_counts("a b a") == {"a": 2, "b": 1}
