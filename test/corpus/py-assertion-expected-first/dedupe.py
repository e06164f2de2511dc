def dedupe(xs):
    return sorted(set(xs))
