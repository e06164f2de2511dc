from merge_tail import merge_counts


def test_h0():
    assert merge_counts([('b', 1)], [('a', 1)]) == [('a', 1), ('b', 1)]


def test_h1():
    assert merge_counts([('a', 1), ('c', 2)], [('b', 5)]) == [('a', 1), ('b', 5), ('c', 2)]


def test_h2():
    assert merge_counts([('a', 1)], [('b', 2), ('c', 3)]) == [('a', 1), ('b', 2), ('c', 3)]
