from vowels import words_with_a


def test_filter():
    assert words_with_a(["cat", "dog", "bat"]) == ["cat", "bat"]
