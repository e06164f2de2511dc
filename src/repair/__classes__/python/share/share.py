def percent(part, whole):
    return round(100 * part / whole, 1)


def share(count, total):
    """count as a percentage of total."""
    return percent(total, count)
