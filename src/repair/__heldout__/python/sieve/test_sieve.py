import pytest
from sieve import sieve


@pytest.mark.parametrize("n, expected", [
    (1, []), (2, [2]), (4, [2, 3]), (7, [2, 3, 5, 7]), (20, [2, 3, 5, 7, 11, 13, 17, 19]),
    (50, [2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47]),
])
def test_sieve(n, expected):
    assert sieve(n) == expected
