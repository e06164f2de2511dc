PRICES = {"apple": 2, "pear": 3}


def unit_price(name):
    return PRICES.get(name, 0)
