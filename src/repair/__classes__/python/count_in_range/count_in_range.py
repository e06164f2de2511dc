def count_in_range(xs, low, high):
    """How many values lie in [low, high], both ends included."""
    count = 0
    for x in xs:
        if low < x and x < high:
            count += 1
    return count
