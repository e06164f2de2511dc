from running_average import running_average


def test_h0():
    assert running_average([5]) == [5]


def test_h1():
    assert running_average([1, 1, 4]) == [1, 1, 2]


def test_h2():
    assert running_average([3, 4]) == [3, 3.5]


def test_h3():
    assert running_average([0, 1, 2, 3]) == [0, 0.5, 1, 1.5]
