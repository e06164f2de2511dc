def bounds(points):
    """The smallest box (min_x, min_y, max_x, max_y) holding every point."""
    min_x = max_x = points[0][0]
    min_y = max_y = points[0][1]
    for x, y in points[1:]:
        min_x = min(min_x, x)
        max_x = max(max_x, x)
        min_y = min(min_y, y)
    return min_x, min_y, max_x, max_y
