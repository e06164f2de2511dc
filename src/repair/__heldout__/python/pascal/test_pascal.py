import pytest
from pascal import pascal


@pytest.mark.parametrize("n, expected", [
    (1, [[1]]), (2, [[1], [1, 1]]), (3, [[1], [1, 1], [1, 2, 1]]), (4, [[1], [1, 1], [1, 2, 1], [1, 3, 3, 1]]),
    (5, [[1], [1, 1], [1, 2, 1], [1, 3, 3, 1], [1, 4, 6, 4, 1]]),
])
def test_pascal(n, expected):
    assert pascal(n) == expected
