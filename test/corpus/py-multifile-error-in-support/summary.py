from mathutil import mean


def describe(xs):
    return {"count": len(xs), "mean": mean(xs)}
