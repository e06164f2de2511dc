import math


def pages_needed(items, per_page):
    """Pages needed to show every item."""
    return math.floor(items / per_page)
