from between import between


def test_h0():
    assert between(5, 5) == []


def test_h1():
    assert between(-2, 1) == [-2, -1, 0]
