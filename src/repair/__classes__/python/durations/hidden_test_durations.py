from durations import durations


def test_h0():
    assert durations([(5, 5)]) == [0]


def test_h1():
    assert durations([(600, 1020), (10, 11)]) == [420, 1]


def test_h2():
    assert durations([(0, 1439)]) == [1439]
