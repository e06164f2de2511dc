from average_length import average_length


def test_v0():
    assert average_length(['ab', 'abcd']) == 3.0


def test_v1():
    assert average_length(['x']) == 1.0
