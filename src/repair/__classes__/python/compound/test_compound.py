from compound import compound


def test_v0():
    assert compound(100, 0.1, 2) == 121.0


def test_v1():
    assert compound(50, 0, 3) == 50.0


def test_v2():
    assert compound(1000, 0.05, 1) == 1050.0
