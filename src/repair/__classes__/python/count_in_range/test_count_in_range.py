from count_in_range import count_in_range


def test_v0():
    assert count_in_range([1, 2, 3], 1, 3) == 3


def test_v1():
    assert count_in_range([1, 5], 1, 4) == 1


def test_v2():
    assert count_in_range([4, 9], 0, 4) == 1
