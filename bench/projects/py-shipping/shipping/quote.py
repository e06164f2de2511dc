from shipping.rates import band

LIMITS = [1, 5, 20]
PRICES = [4, 9, 15, 40]


def quote(weight):
    return PRICES[band(weight, LIMITS)]
