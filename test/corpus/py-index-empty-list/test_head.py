from head import head


def test_head():
    assert head([7, 8]) == 7


def test_empty():
    assert head([]) is None
