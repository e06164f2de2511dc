from count_positive import count_positive


def test_mixed():
    assert count_positive([3, -1, 0, 7]) == 2


def test_empty():
    assert count_positive([]) == 0


def test_zeros():
    assert count_positive([0, 0]) == 0


def test_all_positive():
    assert count_positive([1, 2, 3]) == 3
