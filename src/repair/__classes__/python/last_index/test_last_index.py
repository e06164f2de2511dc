from last_index import last_index


def test_v0():
    assert last_index([1, 2, 1], 1) == 2


def test_v1():
    assert last_index([4, 5], 4) == 0


def test_v2():
    assert last_index([4, 5], 9) == -1
