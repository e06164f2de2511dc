from totals import doubled_total


def test_total():
    assert doubled_total([1, 2, 3]) == 12
