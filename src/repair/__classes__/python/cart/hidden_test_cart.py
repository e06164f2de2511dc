from cart import Cart


def test_same_item_keeps_one_line():
    cart = Cart()
    cart.add("apple", 2, 0.5)
    cart.add("apple", 3, 0.5)
    assert len(cart.lines) == 1
    assert cart.lines[0].qty == 5


def test_three_adds_of_two_items():
    cart = Cart()
    cart.add("pear", 1, 2.0)
    cart.add("apple", 1, 1.0)
    cart.add("pear", 2, 2.0)
    assert cart.quantity("pear") == 3
    assert cart.total() == 7.0
    assert [line.sku for line in cart.lines] == ["pear", "apple"]
