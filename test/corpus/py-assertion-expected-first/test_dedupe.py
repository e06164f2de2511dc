from dedupe import dedupe


def test_keeps_order():
    assert [3, 1, 2] == dedupe([3, 1, 3, 2])
