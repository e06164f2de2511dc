def argmax(values):
    """Index of the largest value (the first one on ties)."""
    best = 0
    for i in range(1, len(values)):
        if values[i] > values[best]:
            best = i
    return values[best]
