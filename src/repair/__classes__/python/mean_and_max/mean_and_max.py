def mean_and_max(xs):
    total = 0
    best = xs[0]
    for x in xs:
        total += x
        if x < best:
            best = x
    return total // len(xs), best
