from flatten import flatten


def test_two_groups():
    assert flatten([[1, 2], [3]]) == [1, 2, 3]


def test_empty_group():
    assert flatten([[], [4]]) == [4]


def test_nothing():
    assert flatten([]) == []
