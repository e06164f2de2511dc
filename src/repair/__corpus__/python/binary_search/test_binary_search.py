from binary_search import binary_search


def test_found_middle():
    assert binary_search([1, 3, 5, 7, 9], 5) == 2


def test_found_right():
    assert binary_search([1, 3, 5, 7, 9], 9) == 4


def test_found_left():
    assert binary_search([1, 3, 5, 7, 9], 1) == 0


def test_missing():
    assert binary_search([1, 3, 5, 7, 9], 4) == -1


def test_empty():
    assert binary_search([], 3) == -1
