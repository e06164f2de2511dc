import pytest

from account import Account, InsufficientFunds


def test_deposit_adds_to_the_balance():
    acct = Account("ann", 10)
    acct.deposit(5)
    assert acct.balance == 15


def test_withdraw_takes_from_the_balance():
    acct = Account("ann", 100)
    assert acct.withdraw(50) == 50


def test_cannot_overdraw():
    acct = Account("bob", 20)
    with pytest.raises(InsufficientFunds):
        acct.withdraw(50)


def test_history_lists_each_operation():
    acct = Account("ann")
    acct.deposit(50)
    acct.withdraw(20)
    assert acct.history == [("deposit", 50), ("withdraw", 20)]
