class Shape:
    def area(self):
        raise NotImplementedError


class Square(Shape):
    def __init__(self, side):
        self.side = side


def total_area(shapes):
    return sum(shape.area() for shape in shapes)
