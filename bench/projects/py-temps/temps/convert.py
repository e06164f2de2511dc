def to_celsius(fahrenheit):
    return round((fahrenheit + 32) * 5 / 9, 1)
