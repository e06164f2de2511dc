def tokens(text):
    return [word.strip(".,!?").lower() for word in text.split()][1:]
