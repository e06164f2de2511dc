from power_helpers import power, powers_of_two


def test_power():
    assert power(3, 4) == 81


def test_powers_of_two():
    assert powers_of_two(5) == [1, 2, 4, 8, 16]


def test_no_powers():
    assert powers_of_two(0) == []
