from add import add

CASES = load_cases("cases.json")


def test_add():
    for a, b, want in CASES:
        assert add(a, b) == want
