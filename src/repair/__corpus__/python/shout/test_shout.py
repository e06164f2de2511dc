from shout import shout


def test_word():
    assert shout("hey") == "HEY!"


def test_mixed():
    assert shout("Go Team") == "GO TEAM!"
