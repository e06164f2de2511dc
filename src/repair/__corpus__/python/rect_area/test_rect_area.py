from rect_area import rect_area, total_area


def test_rect():
    assert rect_area(3, 4) == 12


def test_total():
    assert total_area([(1, 2), (3, 3)]) == 11


def test_square():
    assert rect_area(5, 5) == 25
