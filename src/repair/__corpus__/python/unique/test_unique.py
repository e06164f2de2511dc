from unique import unique


def test_repeats():
    assert unique([3, 1, 3, 2, 1]) == [3, 1, 2]


def test_no_repeats():
    assert unique([1, 2]) == [1, 2]


def test_empty():
    assert unique([]) == []
