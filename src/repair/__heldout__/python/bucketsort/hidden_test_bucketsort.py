import random
from bucketsort import bucketsort


def test_random_against_sorted():
    rng = random.Random(3)
    for _ in range(400):
        k = rng.randrange(1, 30)
        arr = [rng.randrange(k) for _ in range(rng.randrange(0, 25))]
        assert bucketsort(list(arr), k) == sorted(arr)
