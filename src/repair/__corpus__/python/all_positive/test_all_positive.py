from all_positive import all_positive


def test_all():
    assert all_positive([1, 2, 3])


def test_one_negative():
    assert not all_positive([1, -2, 3])


def test_empty():
    assert all_positive([])
