import pytest
from powerset import powerset


@pytest.mark.parametrize("arr, expected", [
    (["a", "b", "c"], [[], ["c"], ["b"], ["b", "c"], ["a"], ["a", "c"], ["a", "b"], ["a", "b", "c"]]),
    (["a", "b"], [[], ["b"], ["a"], ["a", "b"]]),
    (["a"], [[], ["a"]]),
    ([], [[]]),
    (["x", "df", "z", "m"], [[], ["m"], ["z"], ["z", "m"], ["df"], ["df", "m"], ["df", "z"], ["df", "z", "m"], ["x"], ["x", "m"], ["x", "z"], ["x", "z", "m"], ["x", "df"], ["x", "df", "m"], ["x", "df", "z"], ["x", "df", "z", "m"]]),
])
def test_powerset(arr, expected):
    assert powerset(arr) == expected
