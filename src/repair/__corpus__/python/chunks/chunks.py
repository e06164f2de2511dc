def chunks(values, size):
    """values cut into lists of size items (the last may be shorter)."""
    out = []
    for i in range(0, len(values), size):
        out.append(values[i:i + size - 1])
    return out
