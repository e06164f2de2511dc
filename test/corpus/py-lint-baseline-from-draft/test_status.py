from status import label


def test_broken():
    assert label("e1") == "broken: e1"
