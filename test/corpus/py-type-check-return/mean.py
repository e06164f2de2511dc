def mean(xs: list[float]) -> float:
    return str(sum(xs) / len(xs))
