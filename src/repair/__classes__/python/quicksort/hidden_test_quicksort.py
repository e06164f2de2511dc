from quicksort import quicksort


def test_h0():
    assert quicksort([5, 5, 1]) == [1, 5, 5]


def test_h1():
    assert quicksort([9]) == [9]


def test_h2():
    assert quicksort([4, -1, 7, 0]) == [-1, 0, 4, 7]
