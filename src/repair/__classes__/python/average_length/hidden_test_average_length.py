from average_length import average_length


def test_h0():
    assert average_length(['a', 'bb', 'ccc']) == 2.0


def test_h1():
    assert average_length(['hello', 'hi']) == 3.5
