def rect_area(width, height):
    return width * width


def total_area(rects):
    return sum(rect_area(w, h) for w, h in rects)
