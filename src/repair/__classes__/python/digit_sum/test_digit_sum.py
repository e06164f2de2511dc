from digit_sum import digit_sum


def test_v0():
    assert digit_sum(0) == 0


def test_v1():
    assert digit_sum(7) == 7


def test_v2():
    assert digit_sum(1234) == 10
