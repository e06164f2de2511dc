from perimeter import triangle_perimeter


def test_equilateral():
    assert triangle_perimeter(2, 2, 2) == 6


def test_scalene():
    assert triangle_perimeter(3, 4, 5) == 12
