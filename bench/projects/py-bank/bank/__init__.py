from bank.account import Account
