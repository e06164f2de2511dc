def head(xs, k):
    return xs[:k]


def rest_sum(xs, k):
    """Sum of the values after the first k."""
    return sum(xs)
