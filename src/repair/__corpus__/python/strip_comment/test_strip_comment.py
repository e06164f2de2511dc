from strip_comment import strip_comment


def test_comment():
    assert strip_comment("x = 1  # one") == "x = 1"


def test_indent_kept():
    assert strip_comment("    y = 2") == "    y = 2"


def test_only_comment():
    assert strip_comment("# nothing") == ""
