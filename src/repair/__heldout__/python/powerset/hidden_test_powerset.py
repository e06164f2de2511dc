import itertools
from powerset import powerset


def test_every_subset_once_in_order():
    for n in range(0, 9):
        arr = list(range(n))
        got = powerset(arr)
        assert sorted(map(tuple, got)) == sorted(c for k in range(n + 1) for c in itertools.combinations(arr, k))
        assert all(list(s) == sorted(s) for s in got)
