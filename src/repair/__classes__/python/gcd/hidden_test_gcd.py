from gcd import gcd


def test_h0():
    assert gcd(0, 5) == 5


def test_h1():
    assert gcd(17, 5) == 1


def test_h2():
    assert gcd(100, 75) == 25


def test_h3():
    assert gcd(6, 6) == 6
