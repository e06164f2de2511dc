from mean_of_positive import mean_of_positive


def test_mixed():
    assert mean_of_positive([2, -1, 4]) == 3


def test_none_positive():
    assert mean_of_positive([-1, 0]) == 0


def test_single():
    assert mean_of_positive([5]) == 5
