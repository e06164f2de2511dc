from discount import discounted


def test_ten_percent():
    assert discounted(200, 10) == 180


def test_none():
    assert discounted(50, 0) == 50
