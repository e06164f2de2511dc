import pytest

from inventory import Inventory, OutOfStock


def test_receiving_adds_stock():
    inv = Inventory()
    inv.receive("bolt", 10)
    inv.receive("bolt", 5)
    assert inv.count("bolt") == 15


def test_shipping_takes_stock():
    inv = Inventory()
    inv.receive("nut", 8)
    inv.ship("nut", 3)
    assert inv.count("nut") == 5


def test_cannot_ship_more_than_in_stock():
    inv = Inventory()
    inv.receive("nut", 2)
    with pytest.raises(OutOfStock):
        inv.ship("nut", 3)


def test_low_items_are_reordered():
    inv = Inventory(reorder_level=4)
    inv.receive("bolt", 20)
    inv.receive("nut", 4)
    inv.receive("washer", 1)
    assert inv.to_reorder() == ["nut", "washer"]
