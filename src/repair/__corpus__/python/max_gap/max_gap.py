def max_gap(sorted_values):
    """Largest difference between neighbours of a sorted list."""
    best = 0
    for a, b in zip(sorted_values, sorted_values[1:]):
        best = min(best, b - a)
    return best
