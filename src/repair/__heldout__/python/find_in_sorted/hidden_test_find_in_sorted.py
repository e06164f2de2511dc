import random
from find_in_sorted import find_in_sorted


def test_random_distinct():
    rng = random.Random(7)
    for _ in range(500):
        arr = sorted(rng.sample(range(60), rng.randrange(0, 20)))
        x = rng.randrange(-2, 62)
        assert find_in_sorted(arr, x) == (arr.index(x) if x in arr else -1)


def test_random_with_duplicates():
    rng = random.Random(8)
    for _ in range(300):
        arr = sorted(rng.randrange(0, 10) for _ in range(rng.randrange(1, 15)))
        x = rng.randrange(-1, 11)
        found = find_in_sorted(arr, x)
        if x in arr:
            assert arr[found] == x
        else:
            assert found == -1
