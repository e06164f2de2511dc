from solution import solve


def test_solve():
    assert solve(1) == 1
