from settings import without_debug


def test_with_debug():
    assert without_debug({"debug": True, "port": 80}) == {"port": 80}


def test_without_debug():
    assert without_debug({"port": 80}) == {"port": 80}
