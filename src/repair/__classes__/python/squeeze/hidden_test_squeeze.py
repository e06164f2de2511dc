from squeeze import squeeze


def test_h0():
    assert squeeze("   ") == " "


def test_h1():
    assert squeeze("ab") == "ab"


def test_h2():
    assert squeeze(" a ") == " a "


def test_h3():
    assert squeeze("one  two   three") == "one two three"
