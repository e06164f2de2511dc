import pytest


@pytest.mark.parametrize("word", ["apple", "fig", "kiwi", "pear", "plum"])
def test_present(index, word):
    assert index.contains(word)


def test_absent(index):
    assert not index.contains("lime")
