from index_of import index_of


def test_first():
    assert index_of([4, 5, 6], 4) == 0


def test_last():
    assert index_of([4, 5, 6], 6) == 2


def test_missing():
    assert index_of([4, 5, 6], 7) == -1
