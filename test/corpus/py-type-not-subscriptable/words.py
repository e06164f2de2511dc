def last_word_length(text):
    words = text.split()
    return len(words)[-1]
