import pytest
from flatten import flatten


@pytest.mark.parametrize("arr, expected", [
    ([[1, [], [2, 3]], [[4]], 5], [1, 2, 3, 4, 5]),
    ([[], [], [], [], []], []),
    ([[], [], 1, [], 1, [], []], [1, 1]),
    ([1, 2, 3, [[4]]], [1, 2, 3, 4]),
    ([1, 4, 6], [1, 4, 6]),
    (["moe", "curly", "larry"], ["moe", "curly", "larry"]),
    (["a", "b", ["c"], ["d"], [["e"]]], ["a", "b", "c", "d", "e"]),
])
def test_flatten(arr, expected):
    assert list(flatten(arr)) == expected
