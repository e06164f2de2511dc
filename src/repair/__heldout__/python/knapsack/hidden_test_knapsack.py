import itertools
import random
from knapsack import knapsack


def brute_force(capacity, items):
    best = 0
    for mask in itertools.product([0, 1], repeat=len(items)):
        weight = sum(w for (w, _), m in zip(items, mask) if m)
        if weight <= capacity:
            best = max(best, sum(v for (_, v), m in zip(items, mask) if m))
    return best


def test_random_against_brute_force():
    rng = random.Random(13)
    for _ in range(200):
        items = [[rng.randrange(1, 15), rng.randrange(1, 30)] for _ in range(rng.randrange(0, 8))]
        capacity = rng.randrange(0, 40)
        assert knapsack(capacity, items) == brute_force(capacity, items)
