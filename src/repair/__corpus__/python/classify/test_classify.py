from classify import classify


def test_negative():
    assert classify(-5) == "negative"


def test_zero_is_normal():
    assert classify(0) == "normal"


def test_hundred_is_normal():
    assert classify(100) == "normal"


def test_big():
    assert classify(101) == "big"
