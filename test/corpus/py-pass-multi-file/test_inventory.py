from inventory import stock_value


def test_value():
    assert stock_value({"apple": 2, "pear": 1, "kiwi": 9}) == 7
