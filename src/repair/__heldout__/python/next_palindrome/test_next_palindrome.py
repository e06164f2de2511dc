import pytest
from next_palindrome import next_palindrome


@pytest.mark.parametrize("digits, expected", [
    ([1, 4, 9, 4, 1], [1, 5, 0, 5, 1]), ([1, 3, 1], [1, 4, 1]), ([4, 7, 2, 5, 5, 2, 7, 4], [4, 7, 2, 6, 6, 2, 7, 4]),
    ([4, 7, 2, 5, 2, 7, 4], [4, 7, 2, 6, 2, 7, 4]), ([9, 9, 9], [1, 0, 0, 1]),
])
def test_next_palindrome(digits, expected):
    assert next_palindrome(digits) == expected
