from collections import Counter

from words.tokens import tokens


def top(text, n):
    return Counter(tokens(text)).most_common(n)
