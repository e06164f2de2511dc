from pages import pages_needed


def test_exact():
    assert pages_needed(20, 10) == 2


def test_partial_page():
    assert pages_needed(21, 10) == 3


def test_few_items():
    assert pages_needed(3, 10) == 1
