from count_in_range import count_in_range


def test_h0():
    assert count_in_range([0, 10], 0, 10) == 2


def test_h1():
    assert count_in_range([5], 6, 9) == 0


def test_h2():
    assert count_in_range([2, 3], 2, 2) == 1
