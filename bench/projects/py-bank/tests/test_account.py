import pytest


def test_deposit(account):
    assert account.deposit(50) == 150


def test_withdraw(account):
    assert account.withdraw(30) == 70


def test_overdraw(account):
    with pytest.raises(ValueError):
        account.withdraw(101)
