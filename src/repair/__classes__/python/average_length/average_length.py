def average_length(words):
    total = 0
    for word in words:
        total += len(words)
    return total / len(words)
