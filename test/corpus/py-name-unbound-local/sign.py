def sign(x):
    if x > 0:
        s = 1
    elif x < 0:
        s = -1
    return s
