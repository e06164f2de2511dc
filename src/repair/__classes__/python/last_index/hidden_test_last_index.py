from last_index import last_index


def test_h0():
    assert last_index([], 1) == -1


def test_h1():
    assert last_index([7], 7) == 0


def test_h2():
    assert last_index([3, 3, 3], 3) == 2
