from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal


class InsufficientFunds(Exception):
    def __init__(self, account: str, wanted: Decimal, available: Decimal) -> None:
        super().__init__(f"{account}: wanted {wanted}, only {available} available")
        self.wanted = wanted
        self.available = available


@dataclass
class Account:
    name: str
    overdraft: Decimal = Decimal("0")
    entries: list[Decimal] = field(default_factory=list)

    @property
    def balance(self) -> Decimal:
        return sum(self.entries, Decimal("0"))

    def deposit(self, amount: Decimal) -> None:
        if amount <= 0:
            raise ValueError("deposit must be positive")
        self.entries.append(amount)

    def withdraw(self, amount: Decimal) -> None:
        if amount <= 0:
            raise ValueError("withdrawal must be positive")
        if self.balance + self.overdraft < amount:
            raise InsufficientFunds(self.name, amount, self.balance + self.overdraft)
        self.entries.append(-amount)

    def transfer(self, other: "Account", amount: Decimal) -> None:
        self.withdraw(amount)
        other.deposit(amount)
