import pytest
from bitcount import bitcount


@pytest.mark.parametrize("n, expected", [(127, 7), (128, 1), (3005, 9), (13, 3), (14, 3), (27, 4), (834, 4), (254, 7), (256, 1)])
def test_bitcount(n, expected):
    assert bitcount(n) == expected
