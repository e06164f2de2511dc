def safe_ratio(part, whole):
    """part / whole, or 0 when whole is zero."""
    return part / whole
