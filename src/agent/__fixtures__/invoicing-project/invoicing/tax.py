"""Value-added and sales tax rules by region and product category.

Rates are percentages. A category missing from a region's table pays the
region's standard rate; ``None`` in a table means the category is exempt.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal
from typing import Dict, Optional

from .money import Money

STANDARD = "standard"
REDUCED = "reduced"
EXEMPT = "exempt"

RATES: Dict[str, Dict[str, Optional[Decimal]]] = {
    "DE": {STANDARD: Decimal("19"), "food": Decimal("7"), "books": Decimal("7"), "medical": None},
    "FR": {STANDARD: Decimal("20"), "food": Decimal("5.5"), "books": Decimal("5.5"), "medical": Decimal("2.1")},
    "IE": {STANDARD: Decimal("23"), "food": Decimal("0"), "books": Decimal("9"), "medical": None},
    "GB": {STANDARD: Decimal("20"), "food": Decimal("0"), "books": Decimal("0"), "medical": Decimal("0")},
    "US-CA": {STANDARD: Decimal("7.25"), "food": None, "medical": None},
    "US-NY": {STANDARD: Decimal("4"), "food": None, "clothing": None},
}


class UnknownRegion(KeyError):
    """Raised for a region with no tax table."""


@dataclass(frozen=True)
class TaxLine:
    """Tax of one rate on an invoice: the rate, the amount it applies to and the tax itself."""

    region: str
    rate: Decimal
    base: Money
    amount: Money

    def describe(self) -> str:
        """One line for the printed invoice, e.g. ``VAT 19% on €100.00: €19.00``."""
        return f"VAT {self.rate.normalize()}% on {self.base}: {self.amount}"


@dataclass
class TaxTable:
    """The rates of one region, with per-customer exemptions (a charity, a reseller)."""

    region: str
    exempt_categories: set = field(default_factory=set)

    def __post_init__(self) -> None:
        if self.region not in RATES:
            raise UnknownRegion(self.region)

    def rate_for(self, category: str) -> Optional[Decimal]:
        """The rate for ``category`` in percent, or ``None`` when it is not taxed."""
        if category in self.exempt_categories:
            return None
        table = RATES[self.region]
        if category in table:
            return table[category]
        return table[STANDARD]

    def tax_on(self, amount: Money, category: str = STANDARD) -> Money:
        """The tax due on ``amount`` of ``category``."""
        rate = self.rate_for(category)
        if rate is None:
            return Money.zero(amount.currency)
        return amount.percent(rate)

    def is_exempt(self, category: str) -> bool:
        """Whether ``category`` pays no tax at all here."""
        return self.rate_for(category) is None


def reverse_charge(seller_region: str, buyer_region: str, buyer_vat_id: Optional[str]) -> bool:
    """Whether the buyer accounts for the VAT (a business customer in another EU country)."""
    eu = {"DE", "FR", "IE"}
    return bool(buyer_vat_id) and seller_region in eu and buyer_region in eu and seller_region != buyer_region
