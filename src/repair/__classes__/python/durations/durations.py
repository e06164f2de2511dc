def durations(events):
    """Minutes each (start, end) event lasted, start and end in minutes of the day."""
    return [start - end for start, end in events]
