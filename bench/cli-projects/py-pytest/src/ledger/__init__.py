from .accounts import Account, InsufficientFunds
from .report import balance_sheet

__all__ = ["Account", "InsufficientFunds", "balance_sheet"]
