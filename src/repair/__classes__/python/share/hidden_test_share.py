from share import share


def test_h0():
    assert share(1, 3) == 33.3


def test_h1():
    assert share(0, 5) == 0.0
