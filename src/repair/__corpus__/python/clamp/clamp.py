def clamp(value, low, high):
    """Limits value to the closed range [low, high]."""
    if value < low:
        return low
    if value < high:
        return high
    return value
