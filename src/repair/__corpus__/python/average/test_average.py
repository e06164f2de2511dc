from average import average


def test_whole():
    assert average([2, 4, 6]) == 4


def test_fraction():
    assert average([1, 2]) == 1.5


def test_single():
    assert average([7]) == 7
