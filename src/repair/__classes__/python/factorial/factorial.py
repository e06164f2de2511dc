def factorial(n):
    """n! for a whole number n >= 0."""
    return n * factorial(n - 1)
