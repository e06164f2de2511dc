def head(xs):
    """The first element, or None for an empty list."""
    return xs[0]
