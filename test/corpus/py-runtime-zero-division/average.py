def average(xs):
    return sum(xs) / len(xs)
