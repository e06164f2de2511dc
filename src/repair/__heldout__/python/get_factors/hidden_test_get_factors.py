import random
from get_factors import get_factors


def trial_division(n):
    out, d = [], 2
    while d * d <= n:
        while n % d == 0:
            out.append(d)
            n //= d
        d += 1
    return out + ([n] if n > 1 else [])


def test_random_against_trial_division():
    rng = random.Random(11)
    for n in list(range(1, 200)) + [rng.randrange(2, 10**6) for _ in range(300)]:
        assert get_factors(n) == trial_division(n)
