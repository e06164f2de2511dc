from running_max import running_max


def test_rising():
    assert running_max([1, 3, 2, 5]) == [1, 3, 3, 5]


def test_falling():
    assert running_max([9, 4, 1]) == [9, 9, 9]


def test_empty():
    assert running_max([]) == []
