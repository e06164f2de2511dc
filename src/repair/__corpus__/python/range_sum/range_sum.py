def range_sum(a, b):
    """a + (a + 1) + ... + b."""
    total = 1
    for k in range(a, b):
        total += k
    return total
