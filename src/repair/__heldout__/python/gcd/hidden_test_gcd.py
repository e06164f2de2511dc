import math
import random
from gcd import gcd


def test_random_against_math():
    rng = random.Random(10)
    for _ in range(500):
        a, b = rng.randrange(0, 10**6), rng.randrange(1, 10**6)
        assert gcd(a, b) == math.gcd(a, b)
        assert gcd(b, a) == math.gcd(a, b) or a == 0
