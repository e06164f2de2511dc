from between import between


def test_v0():
    assert between(1, 4) == [1, 2, 3]


def test_v1():
    assert between(0, 1) == [0]
