import pytest
from subsequences import subsequences


@pytest.mark.parametrize("a, b, k, expected", [
    (1, 5, 3, [[1, 2, 3], [1, 2, 4], [1, 3, 4], [2, 3, 4]]),
    (30, -2, 3, []),
    (30, 2, 3, []),
    (4, 10, 4, [[4, 5, 6, 7], [4, 5, 6, 8], [4, 5, 6, 9], [4, 5, 7, 8], [4, 5, 7, 9], [4, 5, 8, 9], [4, 6, 7, 8], [4, 6, 7, 9], [4, 6, 8, 9], [4, 7, 8, 9], [5, 6, 7, 8], [5, 6, 7, 9], [5, 6, 8, 9], [5, 7, 8, 9], [6, 7, 8, 9]]),
    (1, 5, 5, []),
    (1, 5, 4, [[1, 2, 3, 4]]),
])
def test_subsequences(a, b, k, expected):
    assert subsequences(a, b, k) == expected
