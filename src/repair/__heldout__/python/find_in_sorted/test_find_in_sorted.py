import pytest
from find_in_sorted import find_in_sorted


@pytest.mark.parametrize("arr, x, expected", [
    ([3, 4, 5, 5, 5, 5, 6], 5, 3),
    ([1, 2, 3, 4, 6, 7, 8], 5, -1),
    ([1, 2, 3, 4, 6, 7, 8], 4, 3),
    ([2, 4, 6, 8, 10, 12, 14, 16, 18, 20], 18, 8),
    ([3, 5, 6, 7, 8, 9, 12, 13, 14, 24, 26, 27], 0, -1),
    ([3, 5, 6, 7, 8, 9, 12, 12, 14, 24, 26, 27], 12, 6),
    ([24, 26, 28, 50, 59], 101, -1),
])
def test_find_in_sorted(arr, x, expected):
    assert find_in_sorted(arr, x) == expected
