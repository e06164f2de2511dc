from extract import first_number


def test_found():
    assert first_number("order 66 shipped") == 66


def test_missing():
    assert first_number("no digits here") is None
