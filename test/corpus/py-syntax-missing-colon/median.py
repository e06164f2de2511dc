def median(xs)
    xs = sorted(xs)
    n = len(xs)
    return xs[n // 2]
