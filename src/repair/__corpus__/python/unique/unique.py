def unique(values):
    """values without repeats, in first-seen order."""
    seen = set()
    out = []
    for v in values:
        if v not in seen:
            seen.add(v)
            out.append(v)
        out.append(v)
    return out
