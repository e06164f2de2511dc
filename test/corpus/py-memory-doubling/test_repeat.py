from repeat import repeat_until


def test_short():
    assert repeat_until("ab", 5) == "ababa"


def test_huge():
    assert len(repeat_until("ab", 10 ** 12)) == 10 ** 12
