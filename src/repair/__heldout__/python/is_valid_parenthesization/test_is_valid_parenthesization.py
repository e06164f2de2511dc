import pytest
from is_valid_parenthesization import is_valid_parenthesization


@pytest.mark.parametrize("parens, expected", [
    ("((()()))()", True), (")()(", False), ("((", False), ("", True), ("()()", True), ("(()))(", False),
])
def test_is_valid_parenthesization(parens, expected):
    assert is_valid_parenthesization(parens) == expected
