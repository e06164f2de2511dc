def distance(p, q):
    """Euclidean distance between two points given as (x, y)."""
    dx = p[0] - q[0]
    dy = p[1] - q[1]
    return (dx ** 2 + dy) ** 0.5
