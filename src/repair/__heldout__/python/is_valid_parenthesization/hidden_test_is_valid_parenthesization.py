import itertools
from is_valid_parenthesization import is_valid_parenthesization


def balanced(s):
    while "()" in s:
        s = s.replace("()", "")
    return s == ""


def test_every_string_up_to_ten():
    for n in range(0, 11):
        for chars in itertools.product("()", repeat=n):
            s = "".join(chars)
            assert is_valid_parenthesization(s) == balanced(s), s
