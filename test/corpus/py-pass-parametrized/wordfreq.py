from collections import Counter


def top_word(text):
    counts = Counter(text.lower().split())
    return counts.most_common(1)[0][0] if counts else None
