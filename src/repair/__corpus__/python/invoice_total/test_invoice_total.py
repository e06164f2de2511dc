from invoice_total import invoice_total


def test_with_tax():
    assert invoice_total(100, 0.25, 5) == 130


def test_no_tax():
    assert invoice_total(40, 0, 0) == 40


def test_shipping_only():
    assert invoice_total(0, 0.5, 7) == 7
