from grades.card import report_card


def test_card(scores):
    assert report_card(scores) == {"ana": "A", "bo": "B", "cy": "C", "di": "F", "ed": "D"}


def test_top():
    assert report_card({"x": 100}) == {"x": "A"}
