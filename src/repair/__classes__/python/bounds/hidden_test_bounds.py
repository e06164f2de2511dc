from bounds import bounds


def test_h0():
    assert bounds([(5, -1), (2, 4), (3, 0)]) == (2, -1, 5, 4)
