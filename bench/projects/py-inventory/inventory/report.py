from inventory.stock import low_stock


def summary(items, threshold=5):
    low = low_stock(items, threshold)
    return {"total": len(items), "low": sorted(low)}
