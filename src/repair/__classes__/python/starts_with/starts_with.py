def has_prefix(text, prefix):
    """Whether text starts with prefix, ignoring case."""
    return prefix.lower().startswith(text.lower())
