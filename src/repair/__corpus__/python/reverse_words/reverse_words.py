def reverse_words(text):
    words = text.split()
    return " ".join(reversed(text))
