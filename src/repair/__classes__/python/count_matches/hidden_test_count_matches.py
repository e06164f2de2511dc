from count_matches import count_matches


def test_h0():
    assert count_matches('a', 'banana') == 3


def test_h1():
    assert count_matches('ana', 'banana') == 2


def test_h2():
    assert count_matches('z', 'abc') == 0
