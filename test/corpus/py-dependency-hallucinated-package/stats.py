from mathkit import clamp


def bounded_mean(xs, lo, hi):
    return clamp(sum(xs) / len(xs), lo, hi)
