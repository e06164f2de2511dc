from equation import equation


def test_equation():
    assert equation(1, 2) == "1 + 2 = 3"
