import pytest
from possible_change import possible_change


@pytest.mark.parametrize("coins, total, expected", [
    ([1, 5, 10, 25], 11, 4), ([1, 5, 10, 25], 75, 121), ([1, 5, 10, 25], 34, 18), ([1, 5, 10], 34, 16),
    ([1, 5, 10, 25], 140, 568), ([1, 5, 10, 25, 50], 140, 786), ([1, 5, 10, 25, 50, 100], 140, 817),
    ([1, 3, 7, 42, 78], 140, 981), ([3, 7, 42, 78], 140, 20),
])
def test_possible_change(coins, total, expected):
    assert possible_change(coins, total) == expected
