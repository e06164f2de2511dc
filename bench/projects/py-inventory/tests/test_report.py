from inventory.report import summary


def test_summary(items):
    assert summary(items) == {"total": 4, "low": ["a1", "d4"]}


def test_threshold(items):
    assert summary(items, threshold=6)["low"] == ["a1", "c3", "d4"]


def test_empty():
    assert summary([]) == {"total": 0, "low": []}
