CACHE = {}
n = 0
while len(CACHE) < 10:
    CACHE[n % 5] = n * n
    n += 1


def square(x):
    return CACHE.get(x, x * x)
