from stats import bounded_mean


def test_mean():
    assert bounded_mean([1, 2, 3], 0, 10) == 2
