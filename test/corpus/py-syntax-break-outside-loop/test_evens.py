from evens import first_even


def test_first_even():
    assert first_even([1, 4, 6]) == 4
