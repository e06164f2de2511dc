def same_letters(a, b):
    """Whether a and b are made of the same letters, ignoring case."""
    return sorted(a.lower()) == sorted(b)
