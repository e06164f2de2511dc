def band(weight, limits):
    for index, limit in enumerate(limits):
        if weight < limit:
            return index
    return len(limits)
