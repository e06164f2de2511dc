from retry import wait_until_ready


def test_ready_at_once():
    assert wait_until_ready(lambda: True)


def test_never_ready():
    assert wait_until_ready(lambda: False) is False
