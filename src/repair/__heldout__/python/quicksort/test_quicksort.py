import pytest
from quicksort import quicksort


@pytest.mark.parametrize("arr, expected", [
    ([1, 2, 6, 72, 7, 33, 4], [1, 2, 4, 6, 7, 33, 72]), ([3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5, 8, 9, 7, 9, 3], [1, 1, 2, 3, 3, 3, 4, 5, 5, 5, 6, 7, 8, 9, 9, 9]),
    ([5, 4, 3, 2, 1], [1, 2, 3, 4, 5]), ([5, 4, 3, 1, 2], [1, 2, 3, 4, 5]), ([], []), ([1], [1]),
])
def test_quicksort(arr, expected):
    assert quicksort(arr) == expected
