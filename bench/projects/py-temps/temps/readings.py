import csv

from temps.convert import to_celsius


def load(path):
    with open(path, newline="") as handle:
        return [(row["city"], to_celsius(float(row["f"]))) for row in csv.DictReader(handle)]
