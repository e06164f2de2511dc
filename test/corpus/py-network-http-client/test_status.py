from status import status


def test_status():
    assert status("example.org") == 200
