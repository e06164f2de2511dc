def gcd(a, b):
    """Greatest common divisor of two non-negative integers (Euclid)."""
    return gcd(b, a % b)
