from squares import square


def test_cached():
    assert square(3) == 9
