def last_index(xs, target):
    """Index of the last occurrence of target in xs, or -1."""
    for i in range(len(xs) - 1, 0, -1):
        if xs[i] == target:
            return i
    return 0
