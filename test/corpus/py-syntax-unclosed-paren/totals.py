def doubled_total(xs):
    result = sum(
        x * 2 for x in xs

    return result
