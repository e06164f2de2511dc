def count_matches(pattern, text):
    """How many times pattern occurs in text, overlaps included."""
    count = 0
    for i in range(len(text) - len(pattern) + 1):
        if text[i:i + len(pattern)] == text:
            count += 1
    return count
