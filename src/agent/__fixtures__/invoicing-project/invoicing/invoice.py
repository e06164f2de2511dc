"""Invoices: line items with quantities, discounts and tax categories, and their totals.

Rounding follows the usual accounting order: each line's net amount is rounded,
discounts are taken per line, tax is computed once per rate on the sum of the
net amounts that pay it, and the total is the net sum plus the taxes.
"""

from __future__ import annotations

import json
from collections import OrderedDict
from dataclasses import dataclass, field
from datetime import date, timedelta
from decimal import Decimal
from typing import Dict, Iterator, List, Optional

from .discounts import NO_DISCOUNT, Discount, FixedOff, PercentOff
from .money import Money, total
from .tax import STANDARD, TaxLine, TaxTable, reverse_charge

PAYMENT_TERMS_DAYS = 30
MAX_LINES = 500
INVOICE_NUMBER_FORMAT = "{year}-{sequence:05d}"


class InvoiceError(ValueError):
    """An invoice that cannot be issued as it is."""


@dataclass
class LineItem:
    """One line of an invoice: what was sold, how many, at what unit price."""

    description: str
    unit_price: Money
    quantity: int = 1
    category: str = STANDARD
    discount: Discount = NO_DISCOUNT
    sku: Optional[str] = None

    def __post_init__(self) -> None:
        if self.quantity <= 0:
            raise InvoiceError(f"quantity must be positive on {self.description!r}")
        if not self.description.strip():
            raise InvoiceError("a line needs a description")

    @property
    def gross(self) -> Money:
        """Unit price times quantity, before any discount."""
        return self.unit_price * self.quantity

    @property
    def discount_amount(self) -> Money:
        """What the line's discount takes off its gross amount."""
        return self.discount.apply(self.gross, self.quantity)

    @property
    def net(self) -> Money:
        """The gross amount less the line's discount: the amount tax is computed on."""
        return self.gross - self.discount_amount

    def to_dict(self) -> Dict[str, object]:
        """The line as plain JSON-ready data."""
        return {
            "description": self.description,
            "unit_price": str(self.unit_price.amount),
            "currency": self.unit_price.currency,
            "quantity": self.quantity,
            "category": self.category,
            "sku": self.sku,
            "net": str(self.net.amount),
        }


@dataclass
class Customer:
    """Who the invoice is addressed to."""

    name: str
    region: str
    vat_id: Optional[str] = None
    exempt_categories: set = field(default_factory=set)


@dataclass
class Invoice:
    """An invoice being drawn up: its lines, the seller's region, the customer."""

    seller_region: str
    customer: Optional[Customer] = None
    currency: str = "EUR"
    issued: date = field(default_factory=date.today)
    number: Optional[str] = None
    lines: List[LineItem] = field(default_factory=list)
    invoice_discount: Optional[Discount] = None
    notes: List[str] = field(default_factory=list)

    def add(self, description: str, unit_price: str, quantity: int = 1, category: str = STANDARD, discount: Discount = NO_DISCOUNT, sku: Optional[str] = None) -> LineItem:
        """Adds a line; ``unit_price`` is a decimal string in the invoice's currency."""
        if len(self.lines) >= MAX_LINES:
            raise InvoiceError(f"an invoice holds at most {MAX_LINES} lines")
        line = LineItem(description, Money(Decimal(unit_price), self.currency), quantity, category, discount, sku)
        self.lines.append(line)
        return line

    def remove(self, sku: str) -> int:
        """Removes every line with ``sku``; returns how many were removed."""
        before = len(self.lines)
        self.lines = [line for line in self.lines if line.sku != sku]
        return before - len(self.lines)

    def __iter__(self) -> Iterator[LineItem]:
        return iter(self.lines)

    def __len__(self) -> int:
        return len(self.lines)

    @property
    def tax_region(self) -> str:
        """Where tax is due: the customer's region for a cross-border sale, else the seller's."""
        if self.customer and self.customer.region != self.seller_region and not self.customer.region.startswith("US"):
            return self.customer.region
        return self.seller_region

    def _table(self) -> TaxTable:
        exempt = self.customer.exempt_categories if self.customer else set()
        return TaxTable(self.tax_region, set(exempt))

    @property
    def subtotal(self) -> Money:
        """The sum of the lines' net amounts, before the invoice discount and tax."""
        return total((line.net for line in self.lines), self.currency)

    @property
    def invoice_discount_amount(self) -> Money:
        """What the invoice-wide discount takes off the subtotal."""
        if self.invoice_discount is None:
            return Money.zero(self.currency)
        return self.invoice_discount.apply(self.subtotal)

    def _discount_share(self, line: LineItem) -> Money:
        """The line's share of the invoice discount, in proportion to its net amount."""
        subtotal = self.subtotal
        if not subtotal:
            return Money.zero(self.currency)
        return Money(self.invoice_discount_amount.amount * line.net.amount / subtotal.amount, self.currency)

    def tax_lines(self) -> List[TaxLine]:
        """Tax per rate, each computed once on the sum of the amounts that pay it."""
        if self.customer and reverse_charge(self.seller_region, self.customer.region, self.customer.vat_id):
            return []
        table = self._table()
        bases: "OrderedDict[Decimal, Money]" = OrderedDict()
        for line in self.lines:
            rate = table.rate_for(line.category)
            if rate is None:
                continue
            taxable = line.gross - self._discount_share(line)
            bases[rate] = bases.get(rate, Money.zero(self.currency)) + taxable
        return [TaxLine(self.tax_region, rate, base, base.percent(rate)) for rate, base in bases.items()]

    @property
    def tax(self) -> Money:
        """All tax on the invoice."""
        return total((line.amount for line in self.tax_lines()), self.currency)

    @property
    def total(self) -> Money:
        """What the customer pays: the subtotal less the invoice discount, plus tax."""
        return self.subtotal - self.invoice_discount_amount + self.tax

    @property
    def due(self) -> date:
        """The payment date under the standard terms."""
        return self.issued + timedelta(days=PAYMENT_TERMS_DAYS)

    def assign_number(self, sequence: int) -> str:
        """Gives the invoice its number for the year of issue, e.g. ``2024-00042``."""
        if self.number is not None:
            raise InvoiceError(f"invoice already numbered {self.number}")
        self.number = INVOICE_NUMBER_FORMAT.format(year=self.issued.year, sequence=sequence)
        return self.number

    def validate(self) -> None:
        """Raises ``InvoiceError`` when the invoice cannot be issued."""
        if not self.lines:
            raise InvoiceError("an invoice needs at least one line")
        currencies = {line.unit_price.currency for line in self.lines}
        if currencies != {self.currency}:
            raise InvoiceError(f"lines in {sorted(currencies)} on an invoice in {self.currency}")
        if self.total.amount < 0:
            raise InvoiceError("the total is negative")

    def render(self) -> str:
        """The invoice as plain text, one line per item, then the totals."""
        width = max([len(line.description) for line in self.lines] + [12])
        rows = [f"Invoice {self.number or '(draft)'}  issued {self.issued.isoformat()}  due {self.due.isoformat()}"]
        if self.customer:
            rows.append(f"To: {self.customer.name} ({self.customer.region})")
        for line in self.lines:
            rows.append(f"{line.description:<{width}}  {line.quantity:>4} x {line.unit_price}  {line.net}")
            if line.discount is not NO_DISCOUNT:
                rows.append(f"{'':<{width}}  {line.discount.label()}: -{line.discount_amount}")
        rows.append(f"{'Subtotal':<{width}}  {self.subtotal}")
        if self.invoice_discount is not None:
            rows.append(f"{self.invoice_discount.label():<{width}}  -{self.invoice_discount_amount}")
        for tax_line in self.tax_lines():
            rows.append(tax_line.describe())
        rows.append(f"{'Total':<{width}}  {self.total}")
        rows.extend(self.notes)
        return "\n".join(rows)

    def to_json(self) -> str:
        """The invoice as JSON, for the accounting export."""
        return json.dumps(
            {
                "number": self.number,
                "issued": self.issued.isoformat(),
                "currency": self.currency,
                "lines": [line.to_dict() for line in self.lines],
                "subtotal": str(self.subtotal.amount),
                "tax": str(self.tax.amount),
                "total": str(self.total.amount),
            },
            indent=2,
        )


def voucher(amount: str, code: str, currency: str = "EUR") -> FixedOff:
    """A fixed-amount voucher, e.g. ``voucher("5.00", "WELCOME5")``."""
    return FixedOff(Money(Decimal(amount), currency), code)


def loyalty(percent: str) -> PercentOff:
    """A percentage discount for returning customers."""
    return PercentOff(Decimal(percent), "LOYALTY")
