from pricing import unit_price


def stock_value(items):
    return sum(unit_price(name) * count for name, count in items.items())
