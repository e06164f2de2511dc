from quicksort import quicksort


def test_v0():
    assert quicksort([]) == []


def test_v1():
    assert quicksort([3, 1, 2]) == [1, 2, 3]
