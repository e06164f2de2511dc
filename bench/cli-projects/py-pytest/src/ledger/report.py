from __future__ import annotations

from typing import Iterable

from .accounts import Account


def balance_sheet(accounts: Iterable[Account]) -> str:
    rows = sorted(accounts, key=lambda account: account.name)
    width = max((len(account.name) for account in rows), default=0)
    lines = [f"{account.name:<{width}}  {account.balance:>10.2f}" for account in rows]
    total = sum((account.balance for account in rows))
    lines.append(f"{'total':<{width}}  {total:>10.2f}")
    return "\n".join(lines)
