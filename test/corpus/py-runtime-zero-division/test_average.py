from average import average


def test_values():
    assert average([2, 4]) == 3


def test_empty():
    assert average([]) == 0
