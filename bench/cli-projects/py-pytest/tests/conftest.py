from decimal import Decimal

import pytest

from ledger import Account


@pytest.fixture
def alice():
    account = Account("alice")
    account.deposit(Decimal("100"))
    return account


@pytest.fixture
def bob():
    return Account("bob", overdraft=Decimal("50"))
