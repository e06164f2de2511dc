from argmax import argmax


def test_h0():
    assert argmax([1, 2, 3]) == 2


def test_h1():
    assert argmax([7, 7, 1]) == 0


def test_h2():
    assert argmax([0, -1, 4, 4]) == 2
