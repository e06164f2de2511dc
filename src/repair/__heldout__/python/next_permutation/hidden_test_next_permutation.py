import itertools
import random
from next_permutation import next_permutation


def test_walks_every_permutation_in_order():
    for n in range(2, 7):
        perms = [list(p) for p in itertools.permutations(range(n))]
        for current, following in zip(perms, perms[1:]):
            assert next_permutation(current) == following


def test_random_distinct_values():
    rng = random.Random(22)
    for _ in range(300):
        values = sorted(rng.sample(range(100), rng.randrange(2, 8)))
        perms = [list(p) for p in itertools.permutations(values)]
        k = rng.randrange(len(perms) - 1)
        assert next_permutation(perms[k]) == perms[k + 1]
