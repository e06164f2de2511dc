import pytest
from longest_common_subsequence import longest_common_subsequence


@pytest.mark.parametrize("a, b, expected", [
    ("headache", "pentadactyl", "eadac"), ("daenarys", "targaryen", "aary"), ("XMJYAUZ", "MZJAWXU", "MJAU"),
    ("thisisatest", "testing123testing", "tsitest"), ("1234", "1224533324", "1234"), ("abcbdab", "bdcaba", "bcba"),
    ("TATAGC", "TAGCAG", "TAAG"), ("ABCBDAB", "BDCABA", "BCBA"), ("ABCD", "XBCYDQ", "BCD"), ("acbdegcedbg", "begcfeubk", "begceb"),
])
def test_longest_common_subsequence(a, b, expected):
    assert longest_common_subsequence(a, b) == expected
