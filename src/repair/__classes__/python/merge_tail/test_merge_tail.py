from merge_tail import merge_counts


def test_v0():
    assert merge_counts([('a', 1)], [('a', 2), ('b', 1)]) == [('a', 3), ('b', 1)]


def test_v1():
    assert merge_counts([], [('x', 1)]) == [('x', 1)]
