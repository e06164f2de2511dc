import pytest

from wordfreq import top_word


@pytest.mark.parametrize("text, want", [("a b a", "a"), ("Hi hi HI you", "hi"), ("", None)])
def test_top_word(text, want):
    assert top_word(text) == want
