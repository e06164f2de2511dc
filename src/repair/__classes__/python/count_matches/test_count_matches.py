from count_matches import count_matches


def test_v0():
    assert count_matches('aa', 'aaa') == 2


def test_v1():
    assert count_matches('ab', 'xaby') == 1
