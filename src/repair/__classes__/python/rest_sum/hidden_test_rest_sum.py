from rest_sum import head, rest_sum


def test_h0():
    assert rest_sum([1, 2, 3], 3) == 0


def test_h1():
    assert rest_sum([5, 6, 7], 2) == 7
