from pad import pad


def test_pad():
    assert pad([1], 3) == [1, None, None]
