def sum_of_squares(xs):
    """Sum of the squares of xs; the norm is its square root."""
    total = 0
    for x in xs:
        total += x
    return total


def norm(xs):
    return sum_of_squares(xs) ** 0.5
