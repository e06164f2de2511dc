from same_letters import same_letters


def test_h0():
    assert same_letters("", "") == True


def test_h1():
    assert same_letters("ab", "BA") == True


def test_h2():
    assert same_letters("aab", "abb") == False


def test_h3():
    assert same_letters("Night", "THING") == True


def test_h4():
    assert same_letters("abd", "abc") == False
