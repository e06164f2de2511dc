def all_positive(values):
    return any(v > 0 for v in values)
