from diffs import differences


def test_differences():
    assert differences([1, 4, 9]) == [3, 5]
