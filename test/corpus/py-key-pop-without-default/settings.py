def without_debug(config):
    cleaned = dict(config)
    cleaned.pop("debug")
    return cleaned
