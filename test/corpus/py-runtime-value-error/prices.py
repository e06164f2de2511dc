def parse_price(text):
    return int(text.strip("$"))
