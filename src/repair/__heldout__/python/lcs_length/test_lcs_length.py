import pytest
from lcs_length import lcs_length


@pytest.mark.parametrize("s, t, expected", [
    ("witch", "sandwich", 2), ("meow", "homeowner", 4), ("fun", "", 0), ("fun", "function", 3),
    ("cyborg", "cyber", 3), ("physics", "physics", 7), ("space age", "pace a", 6), ("flippy", "floppy", 3),
    ("acbdegcedbg", "begcfeubk", 3),
])
def test_lcs_length(s, t, expected):
    assert lcs_length(s, t) == expected
