from cart import Cart


def test_empty_cart_costs_nothing():
    assert Cart().total() == 0


def test_total_of_two_items():
    cart = Cart()
    cart.add("apple", 3, 0.5)
    cart.add("pear", 2, 1.25)
    assert cart.total() == 4.0


def test_adding_the_same_item_twice_adds_up():
    cart = Cart()
    cart.add("apple", 2, 0.5)
    cart.add("apple", 3, 0.5)
    assert cart.quantity("apple") == 5
