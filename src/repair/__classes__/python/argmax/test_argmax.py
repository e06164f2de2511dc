from argmax import argmax


def test_v0():
    assert argmax([3, 9, 2]) == 1


def test_v1():
    assert argmax([5]) == 0
