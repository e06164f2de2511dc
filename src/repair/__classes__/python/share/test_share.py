from share import share


def test_v0():
    assert share(1, 4) == 25.0


def test_v1():
    assert share(3, 3) == 100.0
