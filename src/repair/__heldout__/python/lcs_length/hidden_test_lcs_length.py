import random
from lcs_length import lcs_length


def longest_common_substring(s, t):
    return max([j - i for i in range(len(s) + 1) for j in range(i, len(s) + 1) if s[i:j] in t], default=0)


def test_random_against_brute_force():
    rng = random.Random(15)
    for _ in range(400):
        s = "".join(rng.choice("abc") for _ in range(rng.randrange(0, 12)))
        t = "".join(rng.choice("abc") for _ in range(rng.randrange(0, 12)))
        assert lcs_length(s, t) == longest_common_substring(s, t)
