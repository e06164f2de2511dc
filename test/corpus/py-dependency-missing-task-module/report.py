import json
from helpers import format_row


def report(rows):
    return json.dumps([format_row(row) for row in rows])
