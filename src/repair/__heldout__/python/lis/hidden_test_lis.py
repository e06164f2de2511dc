import random
from lis import lis


def quadratic(arr):
    best = [1] * len(arr)
    for i in range(len(arr)):
        for j in range(i):
            if arr[j] < arr[i]:
                best[i] = max(best[i], best[j] + 1)
    return max(best, default=0)


def test_random_distinct_against_quadratic():
    rng = random.Random(17)
    for _ in range(500):
        arr = rng.sample(range(100), rng.randrange(0, 15))
        assert lis(arr) == quadratic(arr)
