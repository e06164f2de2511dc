from digit_sum import digit_sum


def test_h0():
    assert digit_sum(99) == 18


def test_h1():
    assert digit_sum(1000) == 1


def test_h2():
    assert digit_sum(505) == 10
