"""Invoicing: line items, discounts, regional taxes and totals."""

from .invoice import Invoice, LineItem
from .money import Money

__all__ = ["Invoice", "LineItem", "Money"]
