from grade import grade


def test_a():
    assert grade(95) == "A"


def test_b_boundary():
    assert grade(80) == "B"


def test_c():
    assert grade(75) == "C"


def test_f():
    assert grade(10) == "F"
