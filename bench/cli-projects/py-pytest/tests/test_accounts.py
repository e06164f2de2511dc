from decimal import Decimal

import pytest

from ledger import InsufficientFunds


def test_deposit_and_withdraw(alice):
    alice.withdraw(Decimal("30"))
    assert alice.balance == Decimal("70")


@pytest.mark.parametrize("amount", [Decimal("0"), Decimal("-5")])
def test_rejects_non_positive(alice, amount):
    with pytest.raises(ValueError):
        alice.deposit(amount)


def test_overdraft(bob):
    bob.withdraw(Decimal("50"))
    assert bob.balance == Decimal("-50")
    with pytest.raises(InsufficientFunds) as info:
        bob.withdraw(Decimal("1"))
    assert info.value.available == Decimal("0")


def test_transfer(alice, bob):
    alice.transfer(bob, Decimal("25.50"))
    assert alice.balance == Decimal("74.50")
    assert bob.balance == Decimal("25.50")
