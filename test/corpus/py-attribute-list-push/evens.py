def evens(xs):
    result = []
    for x in xs:
        if x % 2 == 0:
            result.push(x)
    return result
