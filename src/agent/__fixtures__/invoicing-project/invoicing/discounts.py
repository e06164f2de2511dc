"""Discounts a line or a whole invoice may carry.

A discount never makes an amount negative: the most it takes away is the
amount itself.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from .money import Money


class Discount:
    """Something that reduces an amount."""

    code = ""

    def apply(self, amount: Money, quantity: int = 1) -> Money:
        """The amount taken away from ``amount`` (never more than ``amount``)."""
        raise NotImplementedError

    def label(self) -> str:
        """How the discount reads on the invoice."""
        return self.code or type(self).__name__


@dataclass(frozen=True)
class PercentOff(Discount):
    """``percent`` off the amount, e.g. a 10% loyalty discount."""

    percent: Decimal
    code: str = ""

    def apply(self, amount: Money, quantity: int = 1) -> Money:
        return min(amount.percent(self.percent), amount)

    def label(self) -> str:
        return f"{self.percent.normalize()}% off" + (f" ({self.code})" if self.code else "")


@dataclass(frozen=True)
class FixedOff(Discount):
    """A fixed amount off, e.g. a voucher."""

    off: Money
    code: str = ""

    def apply(self, amount: Money, quantity: int = 1) -> Money:
        return min(self.off, amount)

    def label(self) -> str:
        return f"{self.off} off" + (f" ({self.code})" if self.code else "")


@dataclass(frozen=True)
class BuyXGetY(Discount):
    """Every ``buy`` items, ``free`` more are free (``buy=2, free=1`` is "3 for 2")."""

    buy: int
    free: int
    code: str = ""

    def apply(self, amount: Money, quantity: int = 1) -> Money:
        if quantity <= 0:
            return Money.zero(amount.currency)
        unit = Money(amount.amount / quantity, amount.currency)
        groups = quantity // (self.buy + self.free)
        return min(unit * (groups * self.free), amount)

    def label(self) -> str:
        return f"{self.buy + self.free} for {self.buy}"


NO_DISCOUNT = PercentOff(Decimal(0))
