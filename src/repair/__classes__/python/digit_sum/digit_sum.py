def digit_sum(n):
    """Sum of the decimal digits of n >= 0."""
    return n % 10 + digit_sum(n // 10)
