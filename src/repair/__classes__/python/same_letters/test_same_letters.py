from same_letters import same_letters


def test_v0():
    assert same_letters("Listen", "Silent") == True


def test_v1():
    assert same_letters("abc", "abd") == False


def test_v2():
    assert same_letters("Dusty", "study") == True
