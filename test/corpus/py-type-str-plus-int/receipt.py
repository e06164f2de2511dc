def receipt_line(item, quantity, price):
    total = quantity * price
    return item + ": " + total
