import random
from longest_common_subsequence import longest_common_subsequence


def lcs_size(a, b):
    dp = [[0] * (len(b) + 1) for _ in range(len(a) + 1)]
    for i in range(len(a) - 1, -1, -1):
        for j in range(len(b) - 1, -1, -1):
            dp[i][j] = dp[i + 1][j + 1] + 1 if a[i] == b[j] else max(dp[i + 1][j], dp[i][j + 1])
    return dp[0][0]


def is_subsequence(s, t):
    it = iter(t)
    return all(c in it for c in s)


def test_random_against_table():
    rng = random.Random(18)
    for _ in range(300):
        a = "".join(rng.choice("abcd") for _ in range(rng.randrange(0, 8)))
        b = "".join(rng.choice("abcd") for _ in range(rng.randrange(0, 8)))
        got = longest_common_subsequence(a, b)
        assert len(got) == lcs_size(a, b)
        assert is_subsequence(got, a) and is_subsequence(got, b)
