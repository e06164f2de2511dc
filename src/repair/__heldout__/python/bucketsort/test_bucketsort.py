import pytest
from bucketsort import bucketsort


@pytest.mark.parametrize("arr, k, expected", [
    ([], 14, []),
    ([3, 11, 2, 9, 1, 5], 12, [1, 2, 3, 5, 9, 11]),
    ([3, 2, 4, 2, 3, 5], 6, [2, 2, 3, 3, 4, 5]),
    ([1, 3, 4, 6, 4, 2, 9, 1, 2, 9], 10, [1, 1, 2, 2, 3, 4, 4, 6, 9, 9]),
    ([20, 19, 18, 17, 16, 15, 14, 13, 12, 11], 21, [11, 12, 13, 14, 15, 16, 17, 18, 19, 20]),
    ([5, 4, 3, 2, 1], 6, [1, 2, 3, 4, 5]),
])
def test_bucketsort(arr, k, expected):
    assert bucketsort(arr, k) == expected
