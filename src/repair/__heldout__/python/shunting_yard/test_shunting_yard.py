import pytest
from shunting_yard import shunting_yard


@pytest.mark.parametrize("tokens, expected", [
    ([], []), ([30], [30]), ([10, "-", 5, "-", 2], [10, 5, "-", 2, "-"]), ([34, "-", 12, "/", 5], [34, 12, 5, "/", "-"]),
    ([4, "+", 9, "*", 9, "-", 10, "+", 13], [4, 9, 9, "*", "+", 10, "-", 13, "+"]),
    ([7, "*", 43, "-", 7, "+", 13, "/", 7], [7, 43, "*", 7, "-", 13, 7, "/", "+"]),
])
def test_shunting_yard(tokens, expected):
    assert shunting_yard(tokens) == expected
