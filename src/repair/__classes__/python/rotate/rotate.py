def rotate_left(xs, k):
    """xs rotated k places to the left."""
    if not xs:
        return xs
    k = k % len(xs)
    return xs[k:] + xs
