from prices import parse_price


def test_whole():
    assert parse_price("$5") == 5


def test_cents():
    assert parse_price("$5.25") == 5.25
