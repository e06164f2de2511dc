from window_sums import window_sums


def test_pairs():
    assert window_sums([1, 2, 3, 4], 2) == [3, 5, 7]


def test_whole():
    assert window_sums([1, 2, 3], 3) == [6]


def test_single():
    assert window_sums([5, 6], 1) == [5, 6]
