def cart_total(prices, discount):
    total = sum(prices)
    return totl - discount
