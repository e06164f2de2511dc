from dot import dot


def test_h0():
    assert dot([1, 0], [0, 1]) == 0


def test_h1():
    assert dot([3, 3, 3], [1, 2, 3]) == 18


def test_h2():
    assert dot([-1, 2], [4, 1]) == -2
