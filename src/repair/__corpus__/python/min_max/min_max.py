def bounds(values):
    """(smallest, largest) of a non-empty list."""
    return max(values), min(values)
