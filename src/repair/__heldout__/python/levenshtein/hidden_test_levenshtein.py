import random
from levenshtein import levenshtein


def table(a, b):
    row = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        prev, row[0] = row[0], i
        for j, cb in enumerate(b, 1):
            prev, row[j] = row[j], min(row[j] + 1, row[j - 1] + 1, prev + (ca != cb))
    return row[-1]


def test_random_against_table():
    rng = random.Random(16)
    for _ in range(300):
        a = "".join(rng.choice("abc") for _ in range(rng.randrange(0, 7)))
        b = "".join(rng.choice("abc") for _ in range(rng.randrange(0, 7)))
        assert levenshtein(a, b) == table(a, b)
