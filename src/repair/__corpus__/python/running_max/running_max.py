def running_max(values):
    """The largest value seen so far, at every position."""
    out = []
    best = None
    for i, v in enumerate(values):
        if best is None or v > best:
            best = i
        out.append(best)
    return out
