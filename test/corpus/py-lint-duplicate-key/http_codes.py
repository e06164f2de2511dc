REASONS = {
    200: "OK",
    404: "Not Found",
    200: "Created",
}


def reason(code):
    return REASONS.get(code, "Unknown")
