"""The repair engine's Python runner (repair_runner.py): a baseline with per-test line coverage,
then many candidates, each in a forked child of one collected pytest session."""

import json
import sys
import time
from pathlib import Path

from conftest import PROGRAMS, copy_programs, run_python, write_files

sys.path.insert(0, str(PROGRAMS))
from mend_time_limits import HANG_FLOOR_S, SLOWEST_FACTOR, BaselineLimits

PROGRAM = "def bitcount(n):\n    count = 0\n    while n:\n        n ^= n - 1\n        count += 1\n    return count\n"
FIXED = PROGRAM.replace("n ^= n - 1", "n &= n - 1")
# The runner and the modules it imports, under their names in the work folder.
RUNNER_PROGRAMS = {"repair_runner.py": "__mend_runner.py", "mend_assert_script.py": "mend_assert_script.py",
                   "mend_assertions.py": "mend_assertions.py", "mend_program_modules.py": "mend_program_modules.py",
                   "mend_run_item.py": "mend_run_item.py", "mend_time_limits.py": "mend_time_limits.py"}
TESTS = ("from bitcount import bitcount\n\n\ndef test_zero():\n    assert bitcount(0) == 0\n\n\n"
         "def test_seven():\n    assert bitcount(7) == 3\n")


def events(work: Path, config: dict, tests: str = TESTS) -> "list[dict]":
    copy_programs(work, RUNNER_PROGRAMS)
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


def test_after_a_hang_the_baseline_judges_later_tests_by_the_slowest_that_ended(tmp_path: Path) -> None:
    # A suite as QuixBugs has them: a case that ends (slowly), cases that hang on the buggy
    # program, a case a third as slow and a quick one.
    hang = "def test_seven_{}():\n    assert bitcount(7) == 3\n\n\n"
    slow = ("def test_slow_{}():\n    total = 0\n    for i in range({}):\n        total += i\n"
            "    assert bitcount(0) == 0\n\n\n")
    suite = ("from bitcount import bitcount\n\n\n" + slow.format(1, 300_000) + hang.format(1) + hang.format(2)
             + slow.format(2, 100_000) + "def test_zero():\n    assert bitcount(0) == 0\n")
    found = events(tmp_path, {"mode": "baseline", "testTimeoutMs": 600, "budgetMs": 20_000}, suite)
    tests = [event for event in found if event["event"] == "test"]
    assert [test["outcome"] for test in tests] == ["passed", "timeout", "timeout", "passed", "passed"]
    # The limit each hang was judged by: the full one for the first, then a few times the CPU
    # time of the slowest test that ended (within the floor and the full limit).
    slowest = tests[0]["cpuMs"] / 1000
    assert slowest > 0
    derived = min(0.6, max(HANG_FLOOR_S, SLOWEST_FACTOR * slowest))
    assert [tests[1]["ms"], tests[2]["ms"]] == [600, round(derived * 1000)]
    # A hang's coverage is what it ran before its limit: the loop it hangs in.
    assert 4 in tests[2]["lines"]


def test_the_baseline_limit_grows_with_the_slowest_test_and_stays_within_the_full_limit() -> None:
    limits = BaselineLimits(0.6)
    assert limits.limit() == 0.6
    limits.finished(0.001)
    assert limits.limit() == 0.6
    limits.hung()
    assert limits.limit() == HANG_FLOOR_S
    limits.finished(0.03)
    assert limits.limit() == SLOWEST_FACTOR * 0.03
    limits.finished(0.5)
    assert limits.limit() == 0.6


EVALUATE = {"mode": "evaluate", "failing": ["test_bitcount.py::test_seven"], "passing": ["test_bitcount.py::test_zero"],
            "timeoutMs": 1000, "cpuMs": 1000, "budgetMs": 20_000, "extraAfterPlausible": 10, "baselineHung": True,
            "testTimeoutMs": 1000}


def candidate_verdicts(work: Path, candidates: "list[dict]", tests: str = TESTS, **request) -> "tuple[dict, list[dict]]":
    """The runner's verdict per candidate id in one evaluate run (EVALUATE, with `request` over it), and its events."""
    (work / "candidates.json").write_text(json.dumps(candidates), encoding="utf-8")
    found = events(work, {**EVALUATE, "candidates": "candidates.json", **request}, tests)
    return {event["id"]: event for event in found if event["event"] == "candidate"}, found


def test_candidates_are_judged_against_the_failing_and_passing_tests(tmp_path: Path) -> None:
    candidates = [{"id": 1, "code": FIXED}, {"id": 2, "code": PROGRAM.replace("count += 1", "count += 2")},
                  {"id": 3, "code": "def bitcount(n:\n"}]
    verdicts, found = candidate_verdicts(tmp_path, candidates)
    assert (verdicts[1]["failingPassed"], verdicts[1]["restPassed"], verdicts[1]["invalid"]) == (1, 1, False)
    assert verdicts[2]["failingPassed"] == 0
    assert verdicts[3]["invalid"] is True
    assert [event for event in found if event["event"] == "done"] == [{"event": "done", "unstarted": []}]


def test_unittest_testcase_tests_are_judged_by_their_real_outcome(tmp_path: Path) -> None:
    # unittest catches a TestCase's assertion failure itself; pytest raises it only while making
    # the report, so a run without reports took every failing TestCase test for a pass.
    tests = ("import unittest\n\nfrom bitcount import bitcount\n\n\nclass BitcountTest(unittest.TestCase):\n"
             "    def test_zero(self):\n        self.assertEqual(bitcount(0), 0)\n\n"
             "    def test_seven(self):\n        self.assertEqual(bitcount(7), 3)\n\n"
             "    @unittest.skip(\"slow\")\n    def test_skipped(self):\n        self.fail()\n")
    # A wrong fix that ends (the original program hangs on 7) and passes neither test it runs.
    candidates = [{"id": 1, "code": FIXED}, {"id": 2, "code": FIXED.replace("count += 1", "count += 2")}]
    verdicts, _ = candidate_verdicts(tmp_path, candidates, tests, failing=["test_bitcount.py::BitcountTest::test_seven"],
                                     passing=["test_bitcount.py::BitcountTest::test_zero"])
    assert (verdicts[1]["failingPassed"], verdicts[1]["restPassed"]) == (1, 1)
    assert (verdicts[2]["failingPassed"], verdicts[2]["timedOut"]) == (0, False)


def test_tests_using_tmp_path_and_yield_fixtures_pass_with_a_right_candidate(tmp_path: Path) -> None:
    # tmp_path's teardown reads whether the call passed, which pytest records while making the
    # report: without it every test using tmp_path failed in its teardown, whatever the candidate.
    tests = ("import pytest\n\nfrom bitcount import bitcount\n\n\n@pytest.fixture\ndef numbers():\n    yield [0, 7]\n\n\n"
             "def test_seven(tmp_path, numbers):\n    out = tmp_path / 'count.txt'\n"
             "    out.write_text(str(bitcount(numbers[1])))\n    assert out.read_text() == '3'\n\n\n"
             "def test_zero(tmp_path):\n    assert bitcount(0) == 0\n")
    candidates = [{"id": 1, "code": FIXED}, {"id": 2, "code": FIXED.replace("count += 1", "count += 2")}]
    verdicts, _ = candidate_verdicts(tmp_path, candidates, tests)
    assert (verdicts[1]["failingPassed"], verdicts[1]["restPassed"]) == (1, 1)
    assert verdicts[2]["failingPassed"] == 0


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


def evaluate(work: Path, program: "dict[str, str]", tests: "dict[str, str]", entry: str, candidates: "list[dict]",
             failing: "list[str]", passing: "list[str]") -> "dict[int, dict]":
    copy_programs(work, RUNNER_PROGRAMS)
    config = {"entry": entry, "tests": list(tests), "support": [], "links": [], "jobs": 1, "mode": "evaluate",
              "candidates": "candidates.json", "failing": failing, "passing": passing, "timeoutMs": 5000, "cpuMs": 2000,
              "budgetMs": 60_000, "extraAfterPlausible": 10, "baselineHung": False, "testTimeoutMs": 5000}
    write_files(work, {**program, **tests, "config.json": json.dumps(config), "candidates.json": json.dumps(candidates)})
    done = run_python(work, ["-u", "__mend_runner.py", "config.json"])
    marker = "@@mend "
    found = [json.loads(line[len(marker):]) for line in done.stdout.splitlines() if line.startswith(marker)]
    return {event["id"]: event for event in found if event["event"] == "candidate"}


def test_a_program_in_a_package_reached_through_a_helper_module_is_the_candidate_in_every_holder(tmp_path: Path) -> None:
    # A project as people lay it out: the program in a package, the tests reaching it three ways
    # (a from-import, the module under another name, and a helper module of the tests that imported it).
    program = {"shop/__init__.py": "", "shop/pricing.py": "RATE = 10\n\n\ndef total(net):\n    return net + net * RATE // 100\n",
               "tests/__init__.py": "",
               "tests/helpers.py": ("from shop.pricing import total\n\n\n"
                                    "def total_of(items):\n    return sum(total(i) for i in items)\n")}
    tests = {"tests/test_pricing.py": "import shop.pricing as pricing\nfrom shop.pricing import total\n\n"
                                      "from tests.helpers import total_of\n\n\n"
                                      "def test_total():\n    assert total(100) == 120\n\n\n"
                                      "def test_module():\n    assert pricing.total(50) == 60\n\n\n"
                                      "def test_helper():\n    assert total_of([100, 50]) == 180\n\n\n"
                                      "def test_rate():\n    assert pricing.RATE == 20\n"}
    fixed = program["shop/pricing.py"].replace("RATE = 10", "RATE = 20")
    wrong = program["shop/pricing.py"].replace("net + net", "net - net")
    ids = ["tests/test_pricing.py::test_total", "tests/test_pricing.py::test_module",
           "tests/test_pricing.py::test_helper", "tests/test_pricing.py::test_rate"]
    verdicts = evaluate(tmp_path, program, tests, "shop/pricing.py", [{"id": 1, "code": fixed}, {"id": 2, "code": wrong}],
                        failing=ids, passing=[])
    assert (verdicts[1]["failingPassed"], verdicts[1]["importError"]) == (4, False)
    assert verdicts[2]["failingPassed"] == 0


def test_a_candidate_without_a_name_the_tests_import_fails_as_its_collection_would(tmp_path: Path) -> None:
    renamed = FIXED.replace("def bitcount", "def bit_count")
    raises = "raise RuntimeError('at import')\n" + FIXED
    verdicts = evaluate(tmp_path, {"bitcount.py": PROGRAM}, {"test_bitcount.py": TESTS}, "bitcount.py",
                        [{"id": 1, "code": renamed}, {"id": 2, "code": raises}, {"id": 3, "code": FIXED}],
                        failing=["test_bitcount.py::test_seven"], passing=["test_bitcount.py::test_zero"])
    assert (verdicts[1]["importError"], verdicts[1]["failingPassed"]) == (True, 0)
    assert (verdicts[2]["importError"], verdicts[2]["failingPassed"]) == (True, 0)
    assert (verdicts[3]["importError"], verdicts[3]["failingPassed"], verdicts[3]["restPassed"]) == (False, 1, 1)



def test_a_program_the_tests_import_only_when_they_run_is_the_candidate_there(tmp_path: Path) -> None:
    lazy = ("def test_zero():\n    from bitcount import bitcount\n    assert bitcount(0) == 0\n\n\n"
            "def test_seven():\n    import bitcount\n    assert bitcount.bitcount(7) == 3\n")
    verdicts = evaluate(tmp_path, {"bitcount.py": PROGRAM}, {"test_bitcount.py": lazy}, "bitcount.py",
                        [{"id": 1, "code": FIXED}, {"id": 2, "code": PROGRAM.replace("count += 1", "count += 2")}],
                        failing=["test_bitcount.py::test_seven"], passing=["test_bitcount.py::test_zero"])
    assert (verdicts[1]["failingPassed"], verdicts[1]["restPassed"]) == (1, 1)
    assert verdicts[2]["failingPassed"] == 0


def serve(work: Path, requests: "list[dict]", tests: str = TESTS) -> "list[dict]":
    """Runs the runner in serve mode with the requests on stdin; its events, in order."""
    copy_programs(work, RUNNER_PROGRAMS)
    config = {"entry": "bitcount.py", "tests": ["test_bitcount.py"], "support": [], "links": [], "jobs": 2, "mode": "serve"}
    write_files(work, {"bitcount.py": PROGRAM, "test_bitcount.py": tests, "config.json": json.dumps(config)})
    stdin = "".join(json.dumps(request) + "\n" for request in requests)
    done = run_python(work, ["-u", "__mend_runner.py", "config.json"], stdin=stdin)
    marker = "@@mend "
    return [json.loads(line[len(marker):]) for line in done.stdout.splitlines() if line.startswith(marker)]


def answers(found: "list[dict]") -> "dict[int, list[dict]]":
    """The events of each served request, by request id."""
    by_request: dict[int, list[dict]] = {}
    current: list[dict] = []
    for event in found:
        if event["event"] == "served":
            by_request[event["id"]] = current
            current = []
        elif event["event"] not in ("collected", "exit"):
            current.append(event)
    return by_request


def test_a_serving_runner_answers_a_baseline_and_batches_from_one_collection(tmp_path: Path) -> None:
    first = [{"id": 1, "code": FIXED}, {"id": 2, "code": PROGRAM.replace("count += 1", "count += 2")}]
    second = [{"id": 3, "code": "def bitcount(n:\n"}, {"id": 4, "code": FIXED.replace("count = 0", "count = 1")}]
    found = serve(tmp_path, [{"id": 7, "mode": "baseline", "testTimeoutMs": 1000, "budgetMs": 20_000},
                             {"id": 8, **EVALUATE, "candidates": first}, {"id": 9, **EVALUATE, "candidates": second}])
    assert [event for event in found if event["event"] == "collected"] == [
        {"event": "collected", "tests": ["test_bitcount.py::test_zero", "test_bitcount.py::test_seven"]}]
    by_request = answers(found)
    assert {event["id"]: event["outcome"] for event in by_request[7]} == {
        "test_bitcount.py::test_zero": "passed", "test_bitcount.py::test_seven": "timeout"}
    verdicts = {event["id"]: event for request in (8, 9) for event in by_request[request] if event["event"] == "candidate"}
    assert (verdicts[1]["failingPassed"], verdicts[1]["restPassed"]) == (1, 1)
    assert verdicts[2]["failingPassed"] == 0
    assert verdicts[3]["invalid"] is True
    assert (verdicts[4]["failingPassed"], verdicts[4]["restPassed"]) == (0, None)
    assert by_request[9][-1] == {"event": "done", "unstarted": []}
    # stdin closed: the session ends as a one-run session does.
    assert found[-1] == {"event": "exit"}


def test_a_serving_runner_stops_a_request_at_its_wall_limit_and_serves_the_next(tmp_path: Path) -> None:
    # A mutant that sleeps rather than spins: only the wall-clock limits can end it.
    sleeper = "import time\n\n\ndef bitcount(n):\n    time.sleep(60)\n    return 0\n"
    hanging = [{"id": 1, "code": sleeper}, {"id": 2, "code": sleeper}, {"id": 3, "code": FIXED}]
    # Answer within 4 s of sending (the collection included): the sleepers started, then time ran out.
    answer_by = time.time() * 1000 + 4000
    found = serve(tmp_path, [{"id": 1, **EVALUATE, "timeoutMs": 30_000, "answerBy": answer_by, "candidates": hanging},
                             {"id": 2, **EVALUATE, "candidates": [{"id": 4, "code": FIXED}]}])
    by_request = answers(found)
    # Both sleepers were running (two jobs) when time ran out: unjudged, reported as not run.
    assert [event for event in by_request[1] if event["event"] == "candidate"] == []
    assert sorted(by_request[1][-1]["unstarted"]) == [1, 2, 3]
    verdict = next(event for event in by_request[2] if event["event"] == "candidate")
    assert (verdict["id"], verdict["failingPassed"], verdict["restPassed"]) == (4, 1, 1)


def test_a_serving_runner_stops_a_baseline_at_its_wall_limit_with_the_tests_it_saw(tmp_path: Path) -> None:
    # test_zero passes at once; test_seven sleeps (no CPU), so only the request's wall limit ends it.
    sleeper = TESTS.replace("    assert bitcount(7) == 3\n", "    import time\n    time.sleep(60)\n")
    answer_by = time.time() * 1000 + 4000
    found = serve(tmp_path, [{"id": 1, "mode": "baseline", "testTimeoutMs": 30_000, "budgetMs": 60_000, "answerBy": answer_by},
                             {"id": 2, **EVALUATE, "candidates": [{"id": 1, "code": FIXED}]}], tests=sleeper)
    by_request = answers(found)
    assert [(event["id"], event["outcome"]) for event in by_request[1]] == [("test_bitcount.py::test_zero", "passed")]
    assert any(event["event"] == "candidate" and event["id"] == 1 for event in by_request[2])


def test_a_candidate_ends_at_its_first_test_over_that_tests_cpu_limit(tmp_path: Path) -> None:
    # The whole candidate may use a minute of CPU; only test_seven's own limit (100 ms) can end
    # the hanging one before the request's answer is due.
    answer_by = time.time() * 1000 + 20_000
    limits = {"test_bitcount.py::test_seven": 100, "test_bitcount.py::test_zero": 100}
    request = {**EVALUATE, "timeoutMs": 120_000, "cpuMs": 60_000, "testCpuMs": limits, "answerBy": answer_by,
               "candidates": [{"id": 1, "code": PROGRAM}, {"id": 2, "code": FIXED}]}
    found = serve(tmp_path, [{"id": 1, **request}])
    verdicts = {event["id"]: event for event in answers(found)[1] if event["event"] == "candidate"}
    assert (verdicts[1]["timedOut"], verdicts[1]["failingPassed"], verdicts[1]["restPassed"]) == (True, 0, None)
    assert (verdicts[2]["timedOut"], verdicts[2]["failingPassed"], verdicts[2]["restPassed"]) == (False, 1, 1)


def test_a_candidate_that_breaks_a_passing_test_is_not_run_on_the_passing_tests_after_it(tmp_path: Path) -> None:
    tests = TESTS + "\n\ndef test_eight():\n    assert bitcount(8) == 1\n"
    breaks_zero = "def bitcount(n):\n    return bin(n).count('1') if n else 5\n"
    ids = {name: f"test_bitcount.py::test_{name}" for name in ("zero", "seven", "eight")}
    verdicts = evaluate(tmp_path, {"bitcount.py": PROGRAM}, {"test_bitcount.py": tests}, "bitcount.py",
                        [{"id": 1, "code": breaks_zero}, {"id": 2, "code": FIXED}],
                        failing=[ids["seven"]], passing=[ids["zero"], ids["eight"]])
    # test_eight would pass, but once test_zero broke the candidate is no fix, whole or partial.
    assert (verdicts[1]["failingPassed"], verdicts[1]["restPassed"]) == (1, None)
    assert (verdicts[2]["failingPassed"], verdicts[2]["restPassed"]) == (1, 2)


# A suite as people write them, with the ways a test can end that pytest's hooks decide.
OUTCOMES_SUITE = {
    "conftest.py": "import pytest\n\n\n@pytest.fixture\ndef numbers():\n    return [3, 1, 2]\n",
    "test_outcomes.py": (
        "import unittest\nimport warnings\n\nimport pytest\n\n\n"
        "def test_plain():\n    assert sorted([3, 1, 2]) == [1, 2, 3]\n\n\n"
        "def test_plain_fails():\n    assert sorted([3, 1, 2]) == [3, 2, 1]\n\n\n"
        "@pytest.mark.parametrize('n, expected', [(1, 1), (2, 4), (3, 10)])\n"
        "def test_square(n, expected):\n    assert n * n == expected\n\n\n"
        "def test_skips_itself():\n    pytest.skip('not here')\n\n\n"
        "def test_xfails_itself():\n    pytest.xfail('known bug')\n\n\n"
        "def test_exits():\n    raise SystemExit(0)\n\n\n"
        "def test_returns_a_value():\n    return 3\n\n\n"
        "def test_warns():\n    warnings.warn('old', DeprecationWarning)\n\n\n"
        "def test_reads_stdin():\n    assert input() == ''\n\n\n"
        "def test_uses_a_fixture(numbers):\n    assert sorted(numbers) == [1, 2, 3]\n\n\n"
        "def test_uses_tmp_path(tmp_path):\n    (tmp_path / 'a').write_text('x')\n\n\n"
        "@pytest.mark.skip(reason='marked')\ndef test_marked_skip():\n    assert False\n\n\n"
        "@pytest.mark.xfail\ndef test_marked_xfail():\n    assert False\n\n\n"
        "@pytest.mark.filterwarnings('error')\ndef test_warning_as_error():\n    warnings.warn('now an error')\n\n\n"
        "class TestInAClass:\n    def test_method(self):\n        assert [1][0] == 1\n\n"
        "    def test_method_fails(self):\n        assert [1][0] == 2\n\n\n"
        "class TestCase(unittest.TestCase):\n    def test_unittest_fails(self):\n        self.assertEqual(1, 2)\n"),
}


def item_outcomes(work: Path, how: str) -> dict:
    copy_programs(work, {"mend_run_item.py": "mend_run_item.py", "tests/item_outcomes.py": "item_outcomes.py"})
    # As the repair runner runs pytest: installed plugins load only when the project needs one.
    done = run_python(work, ["item_outcomes.py", how, "test_outcomes.py"], env={"PYTEST_DISABLE_PLUGIN_AUTOLOAD": "1"})
    return json.loads(done.stdout.splitlines()[-1])


def test_every_test_run_in_a_candidates_child_ends_as_pytest_ends_it(tmp_path: Path) -> None:
    write_files(tmp_path, OUTCOMES_SUITE)
    expected = item_outcomes(tmp_path, "pytest")["outcomes"]
    found = item_outcomes(tmp_path, "mend")
    assert found["outcomes"] == expected
    # The plain test functions are called directly, the others through pytest's hooks.
    assert "test_outcomes.py::test_plain" in found["direct"]
    assert "test_outcomes.py::test_square[2-4]" in found["direct"]
    assert "test_outcomes.py::test_xfails_itself" in found["direct"]
    assert "test_outcomes.py::TestInAClass::test_method" in found["direct"]
    assert "test_outcomes.py::test_uses_a_fixture" not in found["direct"]
    assert "test_outcomes.py::test_warning_as_error" not in found["direct"]


def test_a_plugin_hooking_the_run_makes_every_test_run_through_pytests_hooks(tmp_path: Path) -> None:
    write_files(tmp_path, {**OUTCOMES_SUITE, "conftest.py": (
        "import pytest\n\n\n@pytest.fixture\ndef numbers():\n    return [3, 1, 2]\n\n\n"
        "@pytest.hookimpl(wrapper=True)\ndef pytest_runtest_call(item):\n"
        "    if 'plain' in item.name:\n        raise RuntimeError('not on this machine')\n    return (yield)\n")})
    expected = item_outcomes(tmp_path, "pytest")["outcomes"]
    assert expected["test_outcomes.py::test_plain"] == "failed"
    found = item_outcomes(tmp_path, "mend")
    assert found["outcomes"] == expected
    assert found["direct"] == []
