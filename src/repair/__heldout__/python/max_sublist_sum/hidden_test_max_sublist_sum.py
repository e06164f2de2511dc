import random
from max_sublist_sum import max_sublist_sum


def brute_force(arr):
    return max([sum(arr[i:j]) for i in range(len(arr) + 1) for j in range(i, len(arr) + 1)])


def test_random_against_brute_force():
    rng = random.Random(19)
    for _ in range(500):
        arr = [rng.randrange(-20, 20) for _ in range(rng.randrange(0, 15))]
        assert max_sublist_sum(arr) == brute_force(arr)
