from scores import Score, best


def test_best():
    assert best([Score("a", 1), Score("b", 3)]) == "b"


def test_empty():
    assert best([]) is None
