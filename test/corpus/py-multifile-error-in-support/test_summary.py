from summary import describe


def test_describe():
    assert describe([2, 4]) == {"count": 2, "mean": 3}


def test_empty():
    assert describe([]) == {"count": 0, "mean": None}
