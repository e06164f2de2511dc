def discounted(price, percent):
    return price + price * percent / 100
