from http_codes import reason


def test_ok():
    assert reason(200) == "OK"
