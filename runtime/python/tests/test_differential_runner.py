"""The overfitting guard's Python runner (differential_runner.py): each version of the program in a
fresh interpreter, called on the same inputs, each outcome reported as what the guard compares."""

import json
from pathlib import Path

from conftest import copy_programs, run_python, write_files

PROGRAM = "def head(xs, n=1):\n    print('noise')\n    return xs[:n]\n"


def outcomes(work: Path, versions: "list[dict]", inputs: "list[dict]") -> "dict[int, list[str]]":
    copy_programs(work, {"differential_runner.py": "__mend_differential.py"})
    config = {"entry": "head.py", "versions": "versions.json", "inputs": inputs, "callTimeoutMs": 200, "versionTimeoutMs": 5000}
    write_files(work, {"head.py": "", "versions.json": json.dumps(versions), "config.json": json.dumps(config)})
    done = run_python(work, ["-u", "__mend_differential.py", "config.json"])
    marker = "@@mend "
    events = [json.loads(line[len(marker):]) for line in done.stdout.splitlines() if line.startswith(marker)]
    return {event["id"]: event["outcomes"] for event in events}


def test_each_version_reports_results_arguments_errors_and_timeouts(tmp_path: Path) -> None:
    inputs = [{"name": "head", "args": "([[3, 1, 2]], {})"}, {"name": "head", "args": "([[3, 1, 2]], {'n': 2})"},
              {"name": "tail", "args": "([[]], {})"}]
    versions = [
        {"id": -1, "code": PROGRAM},
        # Sorts its argument in place: the same result on the first input, not the same arguments afterwards.
        {"id": 0, "code": PROGRAM.replace("return xs[:n]", "xs.sort()\n    return xs[:n] if n < 2 else None")},
        {"id": 1, "code": "def head(xs, n=1):\n    while True:\n        pass\n"},
        {"id": 2, "code": "import os\n\ndef head(xs, n=1):\n    os._exit(3)\n"},
    ]
    found = outcomes(tmp_path, versions, inputs)
    assert found[-1] == ["=[3] args ([[3, 1, 2]], {})", "=[3, 1] args ([[3, 1, 2]], {'n': 2})", "!missing"]
    assert found[0] == ["=[1] args ([[1, 2, 3]], {})", "=None args ([[1, 2, 3]], {'n': 2})", "!missing"]
    assert found[1] == ["!timeout", "!timeout", "!missing"]
    assert found[2] == ["!killed", "!killed", "!killed"]


STACK = '''class Stack:
    __slots__ = ("items", "limit")

    def __init__(self, limit=3):
        self.items = []
        self.limit = limit

    def push(self, item):
        if len(self.items) >= self.limit:
            raise OverflowError("full")
        self.items.append(item)

    def pop(self):
        return self.items.pop()
'''


def test_an_object_scenario_reports_each_call_and_the_state_after_it(tmp_path: Path) -> None:
    steps = [{"method": "push", "args": "([1], {})"}, {"method": "push", "args": "([2], {})"},
             {"method": "pop", "args": "([], {})"}, {"method": "peek", "args": "([], {})"}]
    inputs = [{"kind": "object", "name": "Stack", "args": "([], {'limit': 1})", "steps": steps}]
    versions = [
        {"id": -1, "code": STACK},
        # Forgets its limit: the second push succeeds, and the state shows the extra item.
        {"id": 0, "code": STACK.replace(">= self.limit", ">= self.limit + 1")},
        # A plain class of points held in the stack: their attributes are spelled out, not their address.
        {"id": 1, "code": STACK.replace("self.items.append(item)", "self.items.append(Point(item))") + "\n\nclass Point:\n"
         "    def __init__(self, x):\n        self.x = x\n"},
    ]
    found = outcomes(tmp_path, versions, inputs)
    assert found[-1] == [" | ".join([
        "new Stack(items=[], limit=1)",
        "push =None args ([1], {}) state Stack(items=[1], limit=1)",
        "push !OverflowError state Stack(items=[1], limit=1)",
        "pop =1 args ([], {}) state Stack(items=[], limit=1)",
        "peek !missing",
    ])]
    assert found[0][0].split(" | ")[2] == "push =None args ([2], {}) state Stack(items=[1, 2], limit=1)"
    assert found[1][0].split(" | ")[1] == "push =None args ([1], {}) state Stack(items=[Point(x=1)], limit=1)"
