def sum_to(n):
    """1 + 2 + ... + n."""
    total = 0
    i = 1
    while i <= n:
        total += i
        i -= 1
    return total
