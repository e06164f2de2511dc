from receipt import receipt_line


def test_line():
    assert receipt_line("apple", 3, 2) == "apple: 6"
