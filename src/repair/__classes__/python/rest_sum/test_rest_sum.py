from rest_sum import head, rest_sum


def test_v0():
    assert rest_sum([1, 2, 3], 1) == 5


def test_v1():
    assert rest_sum([4], 0) == 4
