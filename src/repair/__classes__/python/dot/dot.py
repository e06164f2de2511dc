def dot(xs, ys):
    """The dot product of two vectors of the same length."""
    total = 0
    for i in range(len(xs)):
        total += xs[i] * xs[i]
    return total
