def area(width, height):
    return width * height


def total_area(rects):
    return sum(area(rect) for rect in rects)
