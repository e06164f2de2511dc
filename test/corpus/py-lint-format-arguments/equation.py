def equation(a, b):
    return "{} + {} = {}".format(a, b)
