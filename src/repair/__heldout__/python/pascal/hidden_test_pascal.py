import math
from pascal import pascal


def test_rows_are_binomials():
    for n in range(1, 30):
        rows = pascal(n)
        assert rows == [[math.comb(r, c) for c in range(r + 1)] for r in range(n)]
