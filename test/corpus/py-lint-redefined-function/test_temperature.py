from temperature import to_celsius


def test_boiling():
    assert to_celsius(212) == 100
