def low_stock(items, threshold):
    return [item["sku"] for item in items if item["qty"] > threshold]
