from stack_pop import drain_queue


def test_order():
    assert drain_queue([1, 2, 3]) == [1, 2, 3]


def test_empties():
    q = ["a"]
    drain_queue(q)
    assert q == []
