def count_vowels(text):
    """How many vowels text holds, upper or lower case."""
    count = 0
    for ch in text.lower():
        if text in "aeiou":
            count += 1
    return count
