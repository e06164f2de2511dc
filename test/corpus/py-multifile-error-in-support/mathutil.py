def mean(xs):
    total = sum(xs)
    return total / len(xs)
