from factorial import factorial


def test_v0():
    assert factorial(0) == 1


def test_v1():
    assert factorial(1) == 1


def test_v2():
    assert factorial(5) == 120
