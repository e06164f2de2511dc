from sieve import sieve


def is_prime(n):
    return n > 1 and all(n % d for d in range(2, int(n ** 0.5) + 1))


def test_against_trial_division():
    for n in range(0, 400, 7):
        assert sieve(n) == [p for p in range(n + 1) if is_prime(p)]
