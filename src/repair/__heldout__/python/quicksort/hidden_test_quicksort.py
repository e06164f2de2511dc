import random
from quicksort import quicksort


def test_random_against_sorted():
    rng = random.Random(24)
    for _ in range(400):
        arr = [rng.randrange(-10, 10) for _ in range(rng.randrange(0, 40))]
        assert quicksort(list(arr)) == sorted(arr)
