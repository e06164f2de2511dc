def power(base, exponent):
    result = 1
    for _ in range(exponent):
        result *= base
    return result


def powers_of_two(n):
    """[1, 2, 4, ...] up to 2 ** (n - 1)."""
    return [power(k, 2) for k in range(n)]
