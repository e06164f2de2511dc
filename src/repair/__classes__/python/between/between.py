def between(start, end):
    """The whole numbers from start up to end, end excluded."""
    return list(range(end, start))
