import pytest

from account import Account, InsufficientFunds


def test_withdraw_everything():
    acct = Account("ann", 80)
    assert acct.withdraw(80) == 0


def test_withdraw_most_of_it():
    acct = Account("ann", 100)
    assert acct.withdraw(90) == 10


def test_overdraw_by_one():
    acct = Account("ann", 10)
    with pytest.raises(InsufficientFunds):
        acct.withdraw(11)
    assert acct.balance == 10


def test_transfer():
    a, b = Account("a", 50), Account("b")
    a.transfer(b, 40)
    assert (a.balance, b.balance) == (10, 40)
