from shapes import total_area


def test_total_area():
    assert total_area([(2, 3), (4, 5)]) == 26
