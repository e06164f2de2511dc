"""The repair engine's Python runner (repair_runner.py): a baseline with per-test line coverage,
then many candidates, each in a forked child of one collected pytest session."""

import json
from pathlib import Path

from conftest import copy_programs, run_python, write_files

PROGRAM = "def bitcount(n):\n    count = 0\n    while n:\n        n ^= n - 1\n        count += 1\n    return count\n"
FIXED = PROGRAM.replace("n ^= n - 1", "n &= n - 1")
TESTS = ("from bitcount import bitcount\n\n\ndef test_zero():\n    assert bitcount(0) == 0\n\n\n"
         "def test_seven():\n    assert bitcount(7) == 3\n")


def events(work: Path, config: dict, tests: str = TESTS) -> "list[dict]":
    copy_programs(work, {"repair_runner.py": "__mend_runner.py", "mend_assert_script.py": "mend_assert_script.py"})
    base = {"entry": "bitcount.py", "tests": ["test_bitcount.py"], "support": [], "links": [], "jobs": 1}
    write_files(work, {"bitcount.py": PROGRAM, "test_bitcount.py": tests, "config.json": json.dumps({**base, **config})})
    done = run_python(work, ["-u", "__mend_runner.py", "config.json"])
    marker = "@@mend "
    return [json.loads(line[len(marker):]) for line in done.stdout.splitlines() if line.startswith(marker)]


def test_the_baseline_reports_each_test_with_the_program_lines_it_ran(tmp_path: Path) -> None:
    found = events(tmp_path, {"mode": "baseline", "testTimeoutMs": 1000, "budgetMs": 20_000})
    assert found[0] == {"event": "collected", "tests": ["test_bitcount.py::test_zero", "test_bitcount.py::test_seven"]}
    tests = {event["id"]: event for event in found if event["event"] == "test"}
    assert tests["test_bitcount.py::test_zero"]["outcome"] == "passed"
    assert tests["test_bitcount.py::test_seven"]["outcome"] == "timeout"
    assert 4 in tests["test_bitcount.py::test_seven"]["lines"]
    assert found[-1] == {"event": "exit"}


def test_candidates_are_judged_against_the_failing_and_passing_tests(tmp_path: Path) -> None:
    candidates = [{"id": 1, "code": FIXED}, {"id": 2, "code": PROGRAM.replace("count += 1", "count += 2")},
                  {"id": 3, "code": "def bitcount(n:\n"}]
    (tmp_path / "candidates.json").write_text(json.dumps(candidates), encoding="utf-8")
    found = events(tmp_path, {
        "mode": "evaluate", "candidates": "candidates.json", "failing": ["test_bitcount.py::test_seven"],
        "passing": ["test_bitcount.py::test_zero"], "timeoutMs": 1000, "cpuMs": 1000, "budgetMs": 20_000,
        "extraAfterPlausible": 10, "baselineHung": True, "testTimeoutMs": 1000})
    verdicts = {event["id"]: event for event in found if event["event"] == "candidate"}
    assert (verdicts[1]["failingPassed"], verdicts[1]["restPassed"], verdicts[1]["invalid"]) == (1, 1, False)
    assert verdicts[2]["failingPassed"] == 0
    assert verdicts[3]["invalid"] is True
    assert [event for event in found if event["event"] == "done"] == [{"event": "done", "unstarted": []}]


def test_an_assert_script_suite_is_collected_through_the_assert_script_module(tmp_path: Path) -> None:
    script = "from bitcount import bitcount\n\nassert bitcount(0) == 0\nassert bitcount(8) == 1\n"
    found = events(tmp_path, {"mode": "baseline", "testTimeoutMs": 1000, "budgetMs": 20_000}, tests=script)
    collected = next(event for event in found if event["event"] == "collected")
    assert collected["tests"] == ["test_bitcount.py::line 3: assert bitcount(0) == 0",
                                  "test_bitcount.py::line 4: assert bitcount(8) == 1"]


def test_a_project_whose_pytest_options_name_a_plugin_option_is_run_with_that_plugin(tmp_path: Path) -> None:
    # The project's own pytest runs with pytest-timeout's --timeout in addopts; so must the repair runner.
    write_files(tmp_path, {"pyproject.toml": '[project]\nname = "bits"\nversion = "0.1"\n\n'
                                             '[tool.pytest.ini_options]\naddopts = "--timeout=30 -ra"\n'})
    found = events(tmp_path, {"mode": "baseline", "testTimeoutMs": 1000, "budgetMs": 20_000})
    assert found[0] == {"event": "collected", "tests": ["test_bitcount.py::test_zero", "test_bitcount.py::test_seven"]}
    outcomes = {event["id"]: event["outcome"] for event in found if event["event"] == "test"}
    assert outcomes == {"test_bitcount.py::test_zero": "passed", "test_bitcount.py::test_seven": "timeout"}
