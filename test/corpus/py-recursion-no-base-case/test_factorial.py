from factorial import factorial


def test_five():
    assert factorial(5) == 120
