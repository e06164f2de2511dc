from decimal import Decimal

import pytest

from invoicing import Invoice
from invoicing.discounts import BuyXGetY, PercentOff
from invoicing.invoice import Customer, InvoiceError, voucher


def test_standard_rate_on_a_plain_invoice():
    invoice = Invoice("DE")
    invoice.add("Consulting, 1 hour", "100.00", quantity=3)
    assert str(invoice.subtotal.amount) == "300.00"
    assert str(invoice.tax.amount) == "57.00"
    assert str(invoice.total.amount) == "357.00"


def test_reduced_and_standard_rates_are_taxed_apart():
    invoice = Invoice("DE")
    invoice.add("Coffee beans", "12.00", quantity=2, category="food")
    invoice.add("Grinder", "80.00")
    rates = [(line.rate, str(line.amount.amount)) for line in invoice.tax_lines()]
    assert rates == [(Decimal("7"), "1.68"), (Decimal("19"), "15.20")]


def test_line_discount_lowers_the_tax_base():
    invoice = Invoice("FR")
    invoice.add("Notebook", "4.00", quantity=3, discount=BuyXGetY(2, 1))
    assert str(invoice.subtotal.amount) == "8.00"
    assert str(invoice.tax.amount) == "1.60"
    assert str(invoice.total.amount) == "9.60"


def test_percent_line_discount_and_a_voucher():
    invoice = Invoice("IE")
    invoice.add("Desk", "200.00", discount=PercentOff(Decimal("10")))
    invoice.invoice_discount = voucher("30.00", "SPRING")
    assert str(invoice.subtotal.amount) == "180.00"
    assert str(invoice.tax.amount) == "34.50"
    assert str(invoice.total.amount) == "184.50"


def test_exempt_customer_pays_no_tax_on_medical_goods():
    invoice = Invoice("FR", Customer("Clinique du Parc", "FR", exempt_categories={"medical"}))
    invoice.add("Bandages", "50.00", category="medical")
    assert invoice.tax_lines() == []
    assert str(invoice.total.amount) == "50.00"


def test_reverse_charge_between_eu_businesses():
    invoice = Invoice("DE", Customer("Dublin Widgets Ltd", "IE", vat_id="IE1234567T"))
    invoice.add("Widgets", "10.00", quantity=10)
    assert str(invoice.tax.amount) == "0.00"


def test_an_empty_invoice_cannot_be_issued():
    with pytest.raises(InvoiceError):
        Invoice("DE").validate()
