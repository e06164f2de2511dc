from factorial import factorial


def test_h0():
    assert factorial(3) == 6


def test_h1():
    assert factorial(10) == 3628800


def test_h2():
    assert factorial(2) == 2
