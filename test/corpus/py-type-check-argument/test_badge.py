from badge import badge


def test_badge():
    assert badge("Ada", 3) == "Ada (level 3)"
