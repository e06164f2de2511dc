import itertools
from subsequences import subsequences


def test_against_combinations():
    for a in range(-2, 5):
        for b in range(a - 1, a + 8):
            for k in range(0, 6):
                assert subsequences(a, b, k) == [list(c) for c in itertools.combinations(range(a, b), k)]
