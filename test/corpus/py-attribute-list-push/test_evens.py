from evens import evens


def test_evens():
    assert evens([1, 2, 3, 4]) == [2, 4]


def test_none():
    assert evens([1, 3]) == []
