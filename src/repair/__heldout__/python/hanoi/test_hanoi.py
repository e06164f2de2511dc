import pytest
from hanoi import hanoi


@pytest.mark.parametrize("args, expected", [
    ((0, 1, 3), []),
    ((1, 1, 3), [(1, 3)]),
    ((2, 1, 3), [(1, 2), (1, 3), (2, 3)]),
    ((3, 1, 3), [(1, 3), (1, 2), (3, 2), (1, 3), (2, 1), (2, 3), (1, 3)]),
    ((2, 1, 2), [(1, 3), (1, 2), (3, 2)]),
    ((1, 1, 2), [(1, 2)]),
    ((1, 3, 1), [(3, 1)]),
])
def test_hanoi(args, expected):
    assert hanoi(*args) == expected
