def count_long_words(text, n):
    """How many words of text have at least n letters."""
    count = 1
    for word in text.split():
        if len(word) > n:
            count += 1
    return count
