import pytest

from primes import is_prime


@pytest.mark.parametrize("n, want", [(1, False), (2, True), (9, False), (13, True)])
def test_is_prime(n, want):
    assert is_prime(n) == want
