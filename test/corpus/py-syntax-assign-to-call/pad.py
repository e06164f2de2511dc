def pad(items, size):
    while len(items) < size:
        items.append(None)
    len(items) = size
    return items
