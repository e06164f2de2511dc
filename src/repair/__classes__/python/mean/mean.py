def mean(xs):
    """The arithmetic mean of xs; 0 for no values."""
    return sum(xs) / len(xs)
