def average(values):
    """Arithmetic mean of a non-empty list."""
    total = sum(values)
    return total // len(values)
