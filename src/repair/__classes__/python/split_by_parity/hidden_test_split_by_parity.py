from split_by_parity import split_by_parity


def test_h0():
    assert split_by_parity([]) == ([], [], 0, 0)


def test_h1():
    assert split_by_parity([7, 9, 10]) == ([10], [7, 9], 10, 16)


def test_h2():
    assert split_by_parity([-3, -2]) == ([-2], [-3], -2, -3)
