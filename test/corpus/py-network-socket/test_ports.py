from ports import is_open


def test_closed():
    assert is_open("127.0.0.1", 1) is False
