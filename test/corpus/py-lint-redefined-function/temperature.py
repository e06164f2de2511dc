def to_celsius(f):
    return (f - 32) * 5 / 9


def to_celsius(k):
    return k - 273.15
