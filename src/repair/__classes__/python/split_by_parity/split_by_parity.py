def split_by_parity(xs):
    """The even and the odd values of xs, and the sum of each."""
    evens, odds = [], []
    even_sum = odd_sum = 0
    for x in xs:
        if x % 2 == 0:
            evens.append(x)
            even_sum += x
        else:
            odds.append(x)
    return evens, odds, even_sum, odd_sum
