def longest_word(text):
    """The longest word (the first one on ties)."""
    words = text.split()
    best = words[0]
    for i in range(1, len(words)):
        if len(words[i - 1]) > len(best):
            best = words[i]
    return best
