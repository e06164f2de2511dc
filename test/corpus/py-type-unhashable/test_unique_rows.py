from unique_rows import unique_rows


def test_unique():
    assert unique_rows([[1, 2], [1, 2], [3]]) == [[1, 2], [3]]
