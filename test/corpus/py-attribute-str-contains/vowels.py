def words_with_a(words):
    return [word for word in words if word.contains("a")]
