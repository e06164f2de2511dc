def countdown_steps(n, step):
    """How many times step can be taken from n before reaching zero or below."""
    steps = 0
    while n != 0:
        n -= step
        steps += 1
    return steps
