from mean import mean


def test_mean():
    assert mean([1.0, 2.0]) == "1.5"
