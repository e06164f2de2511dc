import pytest
from rpn_eval import rpn_eval


@pytest.mark.parametrize("tokens, expected", [
    ([3.0, 5.0, "+", 2.0, "/"], 4.0), ([2.0, 2.0, "+"], 4.0), ([7.0, 4.0, "+", 3.0, "-"], 8.0),
    ([1.0, 2.0, "*", 3.0, 4.0, "*", "+"], 14.0), ([5.0, 9.0, 2.0, "*", "+"], 23.0),
    ([5.0, 1.0, 2.0, "+", 4.0, "*", "+", 3.0, "-"], 14.0),
])
def test_rpn_eval(tokens, expected):
    assert rpn_eval(tokens) == expected
