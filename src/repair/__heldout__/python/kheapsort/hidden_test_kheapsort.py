import random
from kheapsort import kheapsort


def test_random_k_sorted_lists():
    rng = random.Random(12)
    for _ in range(400):
        n = rng.randrange(0, 20)
        k = rng.randrange(0, n + 1)
        arr = list(range(n))
        for i in range(n):
            j = min(n - 1, i + rng.randrange(0, k + 1))
            arr[i], arr[j] = arr[j], arr[i]
        if all(abs(v - i) <= k for i, v in enumerate(arr)):
            assert list(kheapsort(list(arr), k)) == sorted(arr)
