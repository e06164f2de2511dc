def total(xs):
    result = 0
    for i in range(len(xs) + 1):
        result += xs[i]
    return result
