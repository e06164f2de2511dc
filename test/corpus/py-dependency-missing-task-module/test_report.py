from report import report


def test_report():
    assert report([]) == "[]"
