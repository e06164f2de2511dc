from cart import cart_total


def test_total():
    assert cart_total([5, 5], 2) == 8
