"""Amounts of money in one currency, held as exact decimals.

Floating point cannot represent most cent values exactly, so every amount is a
``Decimal`` quantized to the currency's minor unit, and rounding happens once, at
the points an accountant would round (per line, per tax), never in between.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import ROUND_HALF_EVEN, ROUND_HALF_UP, Decimal, InvalidOperation
from typing import Iterable, List, Union

Number = Union[int, str, Decimal, "Money"]

MINOR_UNITS = {"EUR": 2, "USD": 2, "GBP": 2, "CHF": 2, "JPY": 0, "KWD": 3}
DEFAULT_CURRENCY = "EUR"
SYMBOLS = {"EUR": "€", "USD": "$", "GBP": "£", "JPY": "¥"}


class CurrencyMismatch(ValueError):
    """Raised when two amounts in different currencies are combined."""


def _quantum(currency: str) -> Decimal:
    try:
        places = MINOR_UNITS[currency]
    except KeyError:
        raise ValueError(f"unknown currency {currency!r}") from None
    return Decimal(1).scaleb(-places)


def to_decimal(value: Number) -> Decimal:
    """Reads an int, a decimal string or a Decimal; floats are refused on purpose."""
    if isinstance(value, Money):
        return value.amount
    if isinstance(value, float):
        raise TypeError("use a string or a Decimal for money, not a float")
    try:
        return Decimal(value)
    except InvalidOperation:
        raise ValueError(f"not an amount: {value!r}") from None


@dataclass(frozen=True, order=True)
class Money:
    """An amount in one currency, always rounded to the currency's minor unit."""

    amount: Decimal
    currency: str = DEFAULT_CURRENCY

    def __post_init__(self) -> None:
        exact = to_decimal(self.amount)
        object.__setattr__(self, "amount", exact.quantize(_quantum(self.currency), rounding=ROUND_HALF_UP))

    @classmethod
    def zero(cls, currency: str = DEFAULT_CURRENCY) -> "Money":
        """The amount zero in ``currency``."""
        return cls(Decimal(0), currency)

    @classmethod
    def parse(cls, text: str, currency: str = DEFAULT_CURRENCY) -> "Money":
        """Reads ``"12.50"``, ``"1,234.50"`` or ``"€12.50"``."""
        cleaned = text.strip()
        for code, symbol in SYMBOLS.items():
            if cleaned.startswith(symbol):
                cleaned, currency = cleaned[len(symbol):], code
        return cls(Decimal(cleaned.replace(",", "")), currency)

    def _same_currency(self, other: "Money") -> None:
        if not isinstance(other, Money):
            raise TypeError(f"cannot combine Money with {type(other).__name__}")
        if other.currency != self.currency:
            raise CurrencyMismatch(f"{self.currency} and {other.currency}")

    def __add__(self, other: "Money") -> "Money":
        self._same_currency(other)
        return Money(self.amount + other.amount, self.currency)

    def __sub__(self, other: "Money") -> "Money":
        self._same_currency(other)
        return Money(self.amount - other.amount, self.currency)

    def __mul__(self, factor: Number) -> "Money":
        return Money(self.amount * to_decimal(factor), self.currency)

    __rmul__ = __mul__

    def __neg__(self) -> "Money":
        return Money(-self.amount, self.currency)

    def __bool__(self) -> bool:
        return self.amount != 0

    def percent(self, rate: Number) -> "Money":
        """``rate`` percent of this amount, rounded half-even as tax authorities do."""
        exact = self.amount * to_decimal(rate) / Decimal(100)
        return Money(exact.quantize(_quantum(self.currency), rounding=ROUND_HALF_EVEN), self.currency)

    def allocate(self, parts: int) -> List["Money"]:
        """Splits into ``parts`` amounts that add up exactly, the first ones taking the leftover cents."""
        if parts <= 0:
            raise ValueError("parts must be positive")
        quantum = _quantum(self.currency)
        units = int(self.amount / quantum)
        base, extra = divmod(units, parts)
        return [Money((base + (1 if index < extra else 0)) * quantum, self.currency) for index in range(parts)]

    def format(self) -> str:
        """The amount with its currency symbol and thousands separators, e.g. ``€1,234.50``."""
        symbol = SYMBOLS.get(self.currency, self.currency + " ")
        sign = "-" if self.amount < 0 else ""
        return f"{sign}{symbol}{abs(self.amount):,}"

    def __str__(self) -> str:
        return self.format()


def total(amounts: Iterable[Money], currency: str = DEFAULT_CURRENCY) -> Money:
    """The sum of ``amounts``; zero in ``currency`` when there are none."""
    result = Money.zero(currency)
    for amount in amounts:
        result = result + amount
    return result
