from starts_with import has_prefix


def test_v0():
    assert has_prefix('Hello', 'he') == True


def test_v1():
    assert has_prefix('a', 'abc') == False
