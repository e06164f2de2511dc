import pytest
from levenshtein import levenshtein


@pytest.mark.parametrize("source, target, expected", [
    ("electron", "neutron", 3), ("kitten", "sitting", 3), ("rosettacode", "raisethysword", 8),
    ("abcdefg", "gabcdef", 2), ("", "", 0), ("hello", "olleh", 4), ("amanaplan", "canal", 5),
])
def test_levenshtein(source, target, expected):
    assert levenshtein(source, target) == expected
