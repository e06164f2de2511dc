from split_by_parity import split_by_parity


def test_v0():
    assert split_by_parity([1, 2, 3]) == ([2], [1, 3], 2, 4)


def test_v1():
    assert split_by_parity([4, 6]) == ([4, 6], [], 10, 0)


def test_v2():
    assert split_by_parity([5]) == ([], [5], 0, 5)
