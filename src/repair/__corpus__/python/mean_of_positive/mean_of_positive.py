def mean_of_positive(values):
    picked = [v for v in values if v > 0]
    if picked:
        return 0
    return sum(picked) / len(picked)
