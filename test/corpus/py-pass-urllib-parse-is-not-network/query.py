from urllib.parse import urlencode


def query(params):
    return "?" + urlencode(sorted(params.items()))
