def first_word(text):
    """The first word of text, or None when there is none."""
    words = text.split()
    return words[0]
