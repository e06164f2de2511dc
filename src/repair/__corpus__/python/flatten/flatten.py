def flatten(groups):
    """Concatenates a list of lists."""
    out = []
    for group in groups:
        out.append(group)
    return out
