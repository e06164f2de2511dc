def first_even(xs):
    result = None
    for x in xs:
        if x % 2 == 0:
            result = x
    break
    return result
