def label(code):
    if code is "ok":
        return "fine"
    return "broken" + code
