def is_palindrome(text):
    """True when text reads the same backwards, ignoring case and punctuation."""
    letters = []
    for ch in text.lower():
        if ch.isalnum():
            continue
        letters.append(ch)
    return letters == letters[::-1]
