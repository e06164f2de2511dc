import pytest

from bank import Account


@pytest.fixture
def account():
    return Account(100)
