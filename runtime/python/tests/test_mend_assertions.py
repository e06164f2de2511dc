"""Each assert a test executes as a result of its own in the repair runner (mend_assertions.py):
the baseline's spectrum, the candidates' verdicts, and the asserts it must leave as written."""

import json
from pathlib import Path

from conftest import copy_programs, run_python, write_files
from test_repair_runner import RUNNER_PROGRAMS

# HumanEvalFix's below_zero, with its bug, and its test as that suite writes it: one check
# function of many asserts, called by one test.
PROGRAM = ("def below_zero(operations):\n"
           "    balance = 0\n"
           "\n"
           "    for op in operations:\n"
           "        balance += op\n"
           "        if balance == 0:\n"
           "            return True\n"
           "\n"
           "    return False\n")
FIXED = PROGRAM.replace("balance == 0", "balance < 0")
CHECK = ("from main import below_zero\n"
         "\n"
         "\n"
         "def check(below_zero):\n"
         "    assert below_zero([]) == False\n"
         "    assert below_zero([1, 2, -3, 1, 2, -3]) == False\n"
         "    assert below_zero([1, 2, -4, 5, 6]) == True\n"
         "    assert below_zero([1, -1, 2, -2, 5, -5, 4, -4]) == False\n"
         "    assert below_zero([1, -1, 2, -2, 5, -5, 4, -5]) == True\n"
         "    assert below_zero([1, -2, 2, -2, 5, -5, 4, -4]) == True\n"
         "\n"
         "\n"
         "def test_below_zero():\n"
         "    check(below_zero)\n")
TEST = "test_main.py::test_below_zero"


def run(work: Path, config: dict, tests: "dict[str, str]", program: str = PROGRAM) -> "list[dict]":
    copy_programs(work, RUNNER_PROGRAMS)
    base = {"entry": "main.py", "tests": list(tests), "support": [], "links": [], "jobs": 1}
    write_files(work, {"main.py": program, **tests, "config.json": json.dumps({**base, **config})})
    done = run_python(work, ["-u", "__mend_runner.py", "config.json"])
    marker = "@@mend "
    return [json.loads(line[len(marker):]) for line in done.stdout.splitlines() if line.startswith(marker)]


def baseline(work: Path, tests: "dict[str, str]", program: str = PROGRAM, test_timeout_ms: int = 2000) -> "dict[str, dict]":
    found = run(work, {"mode": "baseline", "testTimeoutMs": test_timeout_ms, "budgetMs": 30_000}, tests, program)
    return {event["id"]: event for event in found if event["event"] == "test"}


def evaluate(work: Path, tests: "dict[str, str]", candidates: "list[str]", failing: "list[str]",
             passing: "list[str]") -> "list[dict]":
    config = {"mode": "evaluate", "candidates": [{"id": index, "code": code} for index, code in enumerate(candidates)],
              "failing": failing, "passing": passing, "timeoutMs": 10_000, "cpuMs": 5000, "budgetMs": 60_000,
              "extraAfterPlausible": len(candidates), "testTimeoutMs": 2000}
    found = run(work, config, tests)
    verdicts = {event["id"]: event for event in found if event["event"] == "candidate"}
    return [verdicts[index] for index in range(len(candidates))]


def test_a_check_function_of_many_asserts_is_one_result_per_assert_with_the_lines_each_ran(tmp_path: Path) -> None:
    tests = baseline(tmp_path, {"test_main.py": CHECK})
    outcomes = {test_id: test["outcome"] for test_id, test in tests.items()}
    assert outcomes == {
        f"{TEST}::assert@line 5": "passed", f"{TEST}::assert@line 6": "failed", f"{TEST}::assert@line 7": "failed",
        f"{TEST}::assert@line 8": "failed", f"{TEST}::assert@line 9": "passed", f"{TEST}::assert@line 10": "failed",
        # The test itself ended without a failure of its own: its asserts' failures are theirs.
        TEST: "passed"}
    # The empty list never enters the loop; [1, 2, -4, 5, 6] runs it to the end without returning True.
    assert 5 not in tests[f"{TEST}::assert@line 5"]["lines"]
    assert {5, 6, 9} <= set(tests[f"{TEST}::assert@line 7"]["lines"])
    assert 7 not in tests[f"{TEST}::assert@line 7"]["lines"]
    assert 7 in tests[f"{TEST}::assert@line 6"]["lines"]
    # The program ran only inside the asserts.
    assert tests[TEST]["lines"] == []


def test_a_candidate_is_judged_on_each_assert_and_the_test_as_a_whole(tmp_path: Path) -> None:
    tests = {"test_main.py": CHECK}
    failing = [f"{TEST}::assert@line {line}" for line in (6, 7, 8, 10)]
    passing = [f"{TEST}::assert@line 5", f"{TEST}::assert@line 9", TEST]
    verdicts = evaluate(tmp_path, tests, [FIXED, PROGRAM, "def below_zero(operations):\n    raise ValueError(operations)\n",
                                          PROGRAM.replace("balance == 0", "balance < -1")], failing, passing)
    fixed, unchanged, raises, narrower = verdicts
    assert (fixed["failingPassed"], fixed["failingTotal"], fixed["restPassed"], fixed["restTotal"]) == (4, 4, 3, 3)
    # The asserts that passed run in the same test as those that fail: their verdicts come with it.
    assert (unchanged["failingPassed"], unchanged["restPassed"]) == (0, 3)
    # An exception raised by an asserted expression fails that assert alone; the test went on.
    assert (raises["failingPassed"], raises["restPassed"]) == (0, 1)
    # balance < -1 passes [1, 2, -3, ...] and [1, -1, 2, ...] (no early True), and misses the others.
    assert (narrower["failingPassed"], narrower["restPassed"]) == (2, 2)


def test_a_failure_outside_the_asserts_fails_the_test_itself(tmp_path: Path) -> None:
    tests = {"test_main.py": CHECK.replace("    check(below_zero)\n", "    check(below_zero)\n    below_zero(None)\n")}
    found = baseline(tmp_path, tests)
    # Every assert ran before the call that raises; the test itself failed there.
    assert found[TEST]["outcome"] == "failed"
    assert sum(1 for test_id in found if test_id.startswith(TEST + "::assert@")) == 6
    verdict, = evaluate(tmp_path, tests, [FIXED], failing=[TEST], passing=[])
    assert verdict["failingPassed"] == 0


def test_an_assert_whose_failure_a_test_expects_or_swallows_behaves_as_written(tmp_path: Path) -> None:
    # A validator's assert, called where the test expects it to fail, and one inside a try.
    tests = ("import pytest\n"
             "from main import below_zero\n"
             "\n"
             "\n"
             "def must_be_false(value):\n"
             "    assert value is False\n"
             "\n"
             "\n"
             "def test_guards():\n"
             "    with pytest.raises(AssertionError):\n"
             "        must_be_false(below_zero([1, -1]))\n"
             "    try:\n"
             "        assert below_zero([0]) is False\n"
             "    except AssertionError:\n"
             "        pass\n"
             "    assert below_zero([]) is False\n"
             "    assert below_zero([5]) is False\n")
    found = baseline(tmp_path, {"test_main.py": tests})
    assert {test_id: test["outcome"] for test_id, test in found.items()} == {
        "test_main.py::test_guards::assert@line 16": "passed", "test_main.py::test_guards::assert@line 17": "passed",
        "test_main.py::test_guards": "passed"}


def test_an_assert_in_a_loop_is_a_result_per_run_and_a_lone_assert_keeps_its_test_whole(tmp_path: Path) -> None:
    tests = ("from main import below_zero\n"
             "\n"
             "CASES = [([], False), ([1, -1], False), ([-1], True)]\n"
             "\n"
             "\n"
             "def test_cases():\n"
             "    for operations, expected in CASES:\n"
             "        assert below_zero(operations) == expected\n"
             "\n"
             "\n"
             "def test_one():\n"
             "    assert below_zero([2, -2]) == False\n")
    found = baseline(tmp_path, {"test_main.py": tests})
    assert {test_id: test["outcome"] for test_id, test in found.items()} == {
        "test_main.py::test_cases::assert@line 8": "passed", "test_main.py::test_cases::assert@line 8#2": "failed",
        "test_main.py::test_cases::assert@line 8#3": "failed", "test_main.py::test_cases": "passed",
        "test_main.py::test_one": "failed"}
    assert found["test_main.py::test_one"]["failLine"] is None
    assert 7 in found["test_main.py::test_one"]["lines"]


def test_an_assert_that_hangs_times_out_alone_after_the_asserts_before_it(tmp_path: Path) -> None:
    hangs = PROGRAM.replace("    for op in operations:\n", "    while operations == [1, 2, -4, 5, 6]:\n        pass\n"
                                                          "    for op in operations:\n")
    found = baseline(tmp_path, {"test_main.py": CHECK}, program=hangs, test_timeout_ms=300)
    assert {test_id: test["outcome"] for test_id, test in found.items()} == {
        f"{TEST}::assert@line 5": "passed", f"{TEST}::assert@line 6": "failed", f"{TEST}::assert@line 7": "timeout",
        TEST: "timeout"}
    assert 5 in found[f"{TEST}::assert@line 7"]["lines"]


def test_an_assert_script_calling_its_check_function_is_split_under_its_line(tmp_path: Path) -> None:
    script = CHECK.replace("\n\ndef test_below_zero():\n    check(below_zero)\n", "\n\ncheck(below_zero)\n")
    found = baseline(tmp_path, {"test_main.py": script})
    case = "test_main.py::line 13: check(below_zero)"
    assert found[case]["outcome"] == "passed"
    assert found[f"{case}::assert@line 6"]["outcome"] == "failed"
    assert found[f"{case}::assert@line 9"]["outcome"] == "passed"
