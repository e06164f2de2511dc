from decimal import Decimal

from ledger import balance_sheet


def test_balance_sheet(alice, bob):
    bob.deposit(Decimal("5"))
    assert balance_sheet([bob, alice]).splitlines() == [
        "alice      100.00",
        "bob          5.00",
        "total      105.00",
    ]
