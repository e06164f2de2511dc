from compound import compound


def test_h0():
    assert compound(100, 0.5, 0) == 100.0


def test_h1():
    assert compound(200, 1, 3) == 1600.0


def test_h2():
    assert compound(10, 0.2, 2) == 14.4
