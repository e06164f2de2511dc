from running_average import running_average


def test_v0():
    assert running_average([2, 4]) == [2, 3]


def test_v1():
    assert running_average([1, 2]) == [1, 1.5]


def test_v2():
    assert running_average([]) == []
