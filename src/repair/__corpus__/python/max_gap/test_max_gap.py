from max_gap import max_gap


def test_gaps():
    assert max_gap([1, 2, 6, 7]) == 4


def test_single():
    assert max_gap([5]) == 0


def test_even_spacing():
    assert max_gap([0, 3, 6, 9]) == 3
