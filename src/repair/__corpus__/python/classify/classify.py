def classify(n):
    if n <= 0:
        return "negative"
    if n >= 100:
        return "big"
    return "normal"
