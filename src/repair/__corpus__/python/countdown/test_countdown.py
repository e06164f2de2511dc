from countdown import countdown_steps


def test_exact():
    assert countdown_steps(6, 2) == 3


def test_overshoot():
    assert countdown_steps(7, 2) == 4


def test_already_zero():
    assert countdown_steps(0, 3) == 0
