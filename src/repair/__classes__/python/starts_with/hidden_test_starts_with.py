from starts_with import has_prefix


def test_h0():
    assert has_prefix('abc', '') == True


def test_h1():
    assert has_prefix('xyz', 'y') == False
