from squeeze import squeeze


def test_v0():
    assert squeeze("a  b") == "a b"


def test_v1():
    assert squeeze("") == ""


def test_v2():
    assert squeeze("x   y z") == "x y z"
