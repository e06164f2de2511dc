import random
from bitcount import bitcount


def test_zero():
    assert bitcount(0) == 0


def test_random_against_bin():
    rng = random.Random(1)
    for n in [1, 2, 3, 2**31 - 1, 2**40] + [rng.randrange(1, 2**48) for _ in range(500)]:
        assert bitcount(n) == bin(n).count("1")
