import random
from find_first_in_sorted import find_first_in_sorted


def test_empty():
    assert find_first_in_sorted([], 1) == -1


def test_random_against_index():
    rng = random.Random(6)
    for _ in range(500):
        arr = sorted(rng.randrange(0, 12) for _ in range(rng.randrange(0, 15)))
        x = rng.randrange(-1, 14)
        assert find_first_in_sorted(arr, x) == (arr.index(x) if x in arr else -1)
