from durations import durations


def test_v0():
    assert durations([(60, 90)]) == [30]


def test_v1():
    assert durations([(0, 15), (100, 160)]) == [15, 60]


def test_v2():
    assert durations([]) == []
