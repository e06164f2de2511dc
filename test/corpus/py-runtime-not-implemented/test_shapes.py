from shapes import Square, total_area


def test_total():
    assert total_area([Square(2), Square(3)]) == 13
