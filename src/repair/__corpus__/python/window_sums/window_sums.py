def window_sums(values, k):
    """Sums of every run of k neighbours."""
    sums = []
    for i in range(len(values) - k):
        sums.append(sum(values[i:i + k]))
    return sums
