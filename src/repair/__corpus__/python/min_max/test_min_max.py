from min_max import bounds


def test_bounds():
    assert bounds([3, 9, 1]) == (1, 9)


def test_single():
    assert bounds([4]) == (4, 4)


def test_negative():
    assert bounds([-2, -7]) == (-7, -2)
