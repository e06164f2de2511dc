import json


def load_json_testcases(algorithm):
    with open("json_testcases/" + algorithm + ".json", "r") as json_file:
        return [json.loads(line) for line in json_file if line.strip()]
