import re


def first_number(text):
    match = re.search(r"\d+", text)
    return int(match.group())
