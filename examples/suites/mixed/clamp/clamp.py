def clamp(value, low, high):
    """Limit value to the range [low, high]."""
    if low > high:
        raise ValueError("low must not be above high")
    return max(low, min(value, low))
