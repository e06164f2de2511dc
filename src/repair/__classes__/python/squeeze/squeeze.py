def squeeze(text):
    """text with every run of spaces made a single space."""
    out = []
    i = 0
    while i < len(text):
        if text[i] == " ":
            out.append(" ")
            while i < len(text) and text[i] == " ":
                i += 1
        else:
            out.append(text[i])
    return "".join(out)
