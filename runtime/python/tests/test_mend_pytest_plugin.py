"""The validation's pytest plugin (mend_pytest_plugin.py) and the assert-script collector it imports."""

from pathlib import Path

from conftest import copy_programs, read_ndjson, run_python, write_files

PLUGIN = {"mend_pytest_plugin.py": "mend_pytest_plugin.py", "mend_assert_script.py": "mend_assert_script.py",
          "mend_time_limits.py": "mend_time_limits.py"}


def run_pytest(work: Path, files: "dict[str, str]", tests: "list[str]", options: "tuple[str, ...]" = (),
               env: "dict[str, str] | None" = None) -> "list[dict]":
    copy_programs(work, PLUGIN)
    write_files(work, files)
    command = ["-m", "pytest", "-p", "mend_pytest_plugin", "-p", "no:cacheprovider", "-q", "--rootdir=.", *options, *tests]
    base = {"PYTHONPATH": ".", "PYTEST_DISABLE_PLUGIN_AUTOLOAD": "1", "MEND_PYTEST_REPORT": "report.ndjson"}
    run_python(work, command, env={**base, **(env or {})})
    return read_ndjson(work / "report.ndjson")


LOOPING = {
    "count.py": "def count_down(n):\n    while n != 0:\n        n -= 2\n    return n\n",
    "test_count.py": "from count import count_down\n\n\ndef test_odd():\n    assert count_down(3) == 0\n\n\n"
                     "def test_even():\n    assert count_down(4) == 0\n",
}


def test_a_test_past_its_time_limit_fails_as_timed_out_and_the_next_one_runs(tmp_path: Path) -> None:
    # No pytest-timeout here (autoload off, not named): the plugin keeps time itself.
    records = run_pytest(tmp_path, LOOPING, ["test_count.py"], env={"MEND_TEST_TIMEOUT": "0.5"})
    tests = by_nodeid(records)
    assert tests["test_count.py::test_odd"]["outcome"] == "failed"
    assert tests["test_count.py::test_odd"]["timedOut"] is True
    assert tests["test_count.py::test_odd"]["error"]["frames"][-1]["file"] == "count.py"
    assert tests["test_count.py::test_even"]["outcome"] == "passed"


def test_after_a_first_hang_later_tests_get_a_few_times_the_slowest_finished_one(tmp_path: Path) -> None:
    hanging = "".join(f"def test_hang_{n}():\n    assert count_down({2 * n + 1}) == 0\n\n\n" for n in range(6))
    files = {
        "count.py": LOOPING["count.py"],
        "test_count.py": "import time\n\nfrom count import count_down\n\n\n"
                         "def test_even():\n    assert count_down(4) == 0\n\n\n" + hanging +
                         "def test_slow_after():\n    time.sleep(0.3)\n",
    }
    records = run_pytest(tmp_path, files, ["test_count.py"], env={"MEND_TEST_TIMEOUT": "3"})
    tests = by_nodeid(records)
    messages = [tests[f"test_count.py::test_hang_{n}"]["error"]["message"] for n in range(6)]
    assert messages[0] == "Timeout (>3s)"
    assert messages[1:] == ["Timeout (>1s)"] * 5
    # A test that takes longer than the slowest before the hang, well within the floor, still passes.
    assert tests["test_count.py::test_slow_after"]["outcome"] == "passed"


def test_pytest_timeout_keeps_time_when_it_is_loaded_with_a_limit(tmp_path: Path) -> None:
    # mend's alarm stays off (one SIGALRM): the limit that ends the loop is pytest-timeout's.
    options = ("-p", "pytest_timeout", "--timeout=0.5", "--timeout-method=signal")
    records = run_pytest(tmp_path, LOOPING, ["test_count.py"], options, env={"MEND_TEST_TIMEOUT": "60"})
    odd = by_nodeid(records)["test_count.py::test_odd"]
    assert odd["timedOut"] is True
    assert odd["error"]["message"].startswith("Timeout (>0.5s)")


def by_nodeid(records: "list[dict]") -> "dict[str, dict]":
    return {record["nodeid"]: record for record in records if record.get("kind") == "test"}


def test_a_failing_assertion_reports_type_frames_and_compared_values(tmp_path: Path) -> None:
    records = run_pytest(tmp_path, {
        "stats.py": "def mean(values):\n    return sum(values) / (len(values) + 1)\n",
        "test_stats.py": "from stats import mean\n\n\ndef test_mean():\n    assert mean([2, 4]) == 3\n\n\n"
                         "def test_empty_sum():\n    assert mean([0]) == 0\n",
    }, ["test_stats.py"])
    tests = by_nodeid(records)
    failed = tests["test_stats.py::test_mean"]
    assert failed["outcome"] == "failed"
    assert failed["error"]["type"] == "AssertionError"
    assert failed["error"]["frames"][-1] == {"file": "test_stats.py", "line": 5, "function": "test_mean"}
    assert failed["assertion"]["actual"] == "2.0"
    assert failed["assertion"]["expected"] == "3"
    assert tests["test_stats.py::test_empty_sum"]["outcome"] == "passed"
    assert records[-1] == {"kind": "session", "exitstatus": 1, "collected": 2}


def test_only_an_equality_or_is_names_an_expected_value(tmp_path: Path) -> None:
    records = run_pytest(tmp_path, {
        "stock.py": "def drop(items, name):\n    items[name] = 0\n    return items\n\n\ndef find(items, name):\n    return 3\n",
        "test_stock.py": (
            "from stock import drop, find\n\n\n"
            "def test_dropped():\n    assert 'apple' not in drop({'apple': 3}, 'apple')\n\n\n"
            "def test_small():\n    assert find({}, 'x') < 2\n\n\n"
            "def test_none():\n    assert find({}, 'x') is None\n"
        ),
    }, ["test_stock.py"])
    tests = by_nodeid(records)
    dropped = tests["test_stock.py::test_dropped"]["assertion"]
    assert dropped["operator"] == "not in"
    assert "expected" not in dropped and "actual" not in dropped
    assert dropped["expression"] == "assert 'apple' not in drop({'apple': 3}, 'apple')"
    assert "expected" not in tests["test_stock.py::test_small"]["assertion"]
    none = tests["test_stock.py::test_none"]["assertion"]
    assert (none["expected"], none["actual"]) == ("None", "3")


def test_an_assert_script_is_one_test_per_asserting_statement_and_its_own_frames_stay_out(tmp_path: Path) -> None:
    records = run_pytest(tmp_path, {
        "solution.py": "def add(a, b):\n    return a - b\n",
        "check_add.py": "from solution import add\n\n\ndef check(candidate):\n    assert candidate(1, 1) == 2\n\n\n"
                        "assert add(2, 0) == 2\ncheck(add)\n",
    }, ["check_add.py"])
    tests = by_nodeid(records)
    assert sorted(tests) == ["check_add.py::line 8: assert add(2, 0) == 2", "check_add.py::line 9: check(add)"]
    assert tests["check_add.py::line 8: assert add(2, 0) == 2"]["outcome"] == "passed"
    failed = tests["check_add.py::line 9: check(add)"]
    assert failed["outcome"] == "failed"
    files = {frame["file"] for frame in failed["error"]["frames"]}
    assert files == {"check_add.py"}


def test_a_test_file_that_cannot_be_imported_is_a_load_record(tmp_path: Path) -> None:
    records = run_pytest(tmp_path, {"test_broken.py": "import not_a_module_anywhere\n\n\ndef test_x():\n    pass\n"},
                         ["test_broken.py"])
    loads = [record for record in records if record.get("kind") == "load"]
    assert len(loads) == 1
    assert loads[0]["file"] == "test_broken.py"
    assert loads[0]["error"]["type"] == "ModuleNotFoundError"


def test_tests_whose_import_loops_forever_are_a_load_record_once_the_collection_limit_passes(tmp_path: Path) -> None:
    records = run_pytest(tmp_path, {
        "spin.py": "while True:\n    pass\n",
        "test_spin.py": "import spin\n\n\ndef test_x():\n    assert spin\n",
    }, ["test_spin.py"], env={"MEND_COLLECT_TIMEOUT": "0.5"})
    loads = [record for record in records if record.get("kind") == "load"]
    assert [load["error"]["type"] for load in loads] == ["TimeoutError"]
    assert loads[0]["error"]["message"] == "importing the tests took longer than 0.5s"
