def running_average(xs):
    """The average of each prefix of xs: of xs[:1], of xs[:2], and so on."""
    out = []
    total = 0
    for i, x in enumerate(xs):
        total += x
        out.append(total // i)
    return out
