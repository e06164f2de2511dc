def digit_count(n):
    return len(n)
