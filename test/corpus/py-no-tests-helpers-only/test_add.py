from add import add


def check(a, b, want):
    assert add(a, b) == want
