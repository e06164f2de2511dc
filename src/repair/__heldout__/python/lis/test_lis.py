import pytest
from lis import lis


@pytest.mark.parametrize("arr, expected", [
    ([], 0), ([3], 1), ([10, 20, 11, 32, 22, 48, 43], 4), ([4, 2, 1], 1), ([5, 1, 3, 4, 7], 4),
    ([4, 1], 1), ([-1, 0, 2], 3), ([0, 2], 2), ([4, 1, 5, 3, 7, 6, 2], 3),
    ([10, 22, 9, 33, 21, 50, 41, 60, 80], 6), ([7, 10, 9, 2, 3, 8, 1], 3), ([9, 11, 2, 13, 7, 15], 4),
])
def test_lis(arr, expected):
    assert lis(arr) == expected
