def compound(principal, rate, years):
    """The balance after `years` of yearly compound interest at `rate`."""
    return round(principal * pow(years, 1 + rate), 2)
