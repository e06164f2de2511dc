from primes import nth_prime


def test_first():
    assert nth_prime(1) == 2


def test_thousandth():
    assert nth_prime(10_000) == 104_729
