from gcd import gcd


def test_v0():
    assert gcd(12, 8) == 4


def test_v1():
    assert gcd(7, 0) == 7


def test_v2():
    assert gcd(9, 6) == 3
