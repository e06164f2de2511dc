from range_sum import range_sum


def test_small():
    assert range_sum(1, 3) == 6


def test_single():
    assert range_sum(4, 4) == 4


def test_longer():
    assert range_sum(2, 5) == 14
