import random
from kth import kth


def test_random_against_sorted():
    rng = random.Random(14)
    for _ in range(500):
        arr = [rng.randrange(0, 30) for _ in range(rng.randrange(1, 20))]
        k = rng.randrange(len(arr))
        assert kth(list(arr), k) == sorted(arr)[k]
