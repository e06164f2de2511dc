import random
from mergesort import mergesort


def test_random_against_sorted():
    rng = random.Random(20)
    for _ in range(400):
        arr = [rng.randrange(-50, 50) for _ in range(rng.randrange(0, 40))]
        assert mergesort(list(arr)) == sorted(arr)


def test_single_element():
    assert mergesort([7]) == [7]
