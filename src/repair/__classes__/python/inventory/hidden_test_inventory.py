from inventory import Inventory


def test_at_the_level_is_reordered():
    inv = Inventory(reorder_level=3)
    inv.receive("a", 3)
    inv.receive("b", 4)
    inv.receive("c", 2)
    assert inv.to_reorder() == ["a", "c"]


def test_default_level():
    inv = Inventory()
    inv.receive("a", 5)
    inv.receive("b", 6)
    assert inv.to_reorder() == ["a"]


def test_shipped_down_to_the_level():
    inv = Inventory(reorder_level=2)
    inv.receive("a", 9)
    inv.ship("a", 7)
    assert inv.to_reorder() == ["a"]
