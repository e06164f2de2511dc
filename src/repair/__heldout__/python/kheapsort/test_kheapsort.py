import pytest
from kheapsort import kheapsort


@pytest.mark.parametrize("arr, k, expected", [
    ([1, 2, 3, 4, 5], 0, [1, 2, 3, 4, 5]),
    ([3, 2, 1, 5, 4], 2, [1, 2, 3, 4, 5]),
    ([5, 4, 3, 2, 1], 4, [1, 2, 3, 4, 5]),
    ([3, 12, 5, 1, 6], 3, [1, 3, 5, 6, 12]),
])
def test_kheapsort(arr, k, expected):
    assert list(kheapsort(arr, k)) == expected
