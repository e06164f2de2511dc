def repeat_until(text, length):
    while len(text) < length:
        text = text + text
    return text[:length]
