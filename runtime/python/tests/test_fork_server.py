"""The fast tier's pytest fork server (fork_server.py), driven over its protocol as the sandbox
drives it: requests on stdin, replies on fd 3, inside bubblewrap with a private /tmp and pid
namespace (it keeps its candidates' working copies in /tmp and sweeps /proc after each)."""

import base64
import itertools
import json
import os
import subprocess
from pathlib import Path
from typing import IO, Iterator

import pytest
from conftest import copy_programs, run_python, write_files


class Server:
    def __init__(self, process: "subprocess.Popen[bytes]", replies: "IO[bytes]") -> None:
        self.process = process
        self.replies = replies

    def reply(self) -> dict:
        line = self.replies.readline()
        assert line, "the server closed its protocol pipe"
        return json.loads(line)

    def ask(self, request: dict) -> dict:
        assert self.process.stdin is not None
        self.process.stdin.write((json.dumps(request) + "\n").encode())
        self.process.stdin.flush()
        return self.reply()


def outside_pytest() -> "dict[str, str]":
    """The environment without what this test session's own pytest put there (PYTEST_VERSION...),
    as the sandbox starts the server."""
    return {key: value for key, value in os.environ.items() if not key.startswith("PYTEST_")}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> "Iterator[Server]":
    """One server for the module, as one serves many candidates in use."""
    runner = tmp_path_factory.mktemp("runner")
    copy_programs(runner, {"fork_server.py": "server.py", "mend_program_modules.py": "mend_program_modules.py",
                           "mend_run_item.py": "mend_run_item.py", "mend_session_report.py": "mend_session_report.py"})
    read_end, write_end = os.pipe()
    command = ["bwrap", "--dev-bind", "/", "/", "--proc", "/proc", "--tmpfs", "/tmp", "--ro-bind", str(runner), "/runner",
               "--unshare-pid", "--die-with-parent", "python3", "-u", "/runner/server.py"]

    def protocol_on_fd_3() -> None:
        os.dup2(write_end, 3)

    process = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                               preexec_fn=protocol_on_fd_3, pass_fds=(write_end, 3),
                               env={**outside_pytest(), "MEND_OWN_PID_NAMESPACE": "1", "PYTHONDONTWRITEBYTECODE": "1"})
    os.close(write_end)
    with os.fdopen(read_end, "rb") as replies:
        started = Server(process, replies)
        assert started.reply()["ready"] is True
        yield started
        assert process.stdin is not None
        process.stdin.close()
        process.wait(timeout=30)


def request(id_: int, files: "dict[str, str]", tests: "list[str]", timeout_ms: int = 20_000) -> dict:
    return {"id": id_, "files": files, "testFiles": tests, "timeoutMs": timeout_ms, "outputLimitBytes": 1 << 20,
            "fileSizeBytes": 16 << 20, "cpuSeconds": 30}


PROGRAM = "def double(x):\n    return x * 2\n"
TESTS = ("from calc import double\n\n\ndef test_two():\n    assert double(2) == 4\n\n\n"
         "def test_three():\n    assert double(3) == 6\n")


def test_candidates_run_one_per_request_each_in_a_fresh_copy(server: Server) -> None:
    good = server.ask(request(1, {"calc.py": PROGRAM, "test_calc.py": TESTS}, ["test_calc.py"]))
    assert good["id"] == 1
    assert good["exitCode"] == 0
    assert sorted((test["name"], test["outcome"]) for test in good["tests"]) == [
        ("test_calc.py::test_three", "passed"), ("test_calc.py::test_two", "passed")]
    assert "<testsuite" in good["junitXml"]
    wrong = server.ask(request(2, {"calc.py": "def double(x):\n    return x + 2\n", "test_calc.py": TESTS},
                               ["test_calc.py"]))
    assert wrong["exitCode"] == 1
    outcomes = {test["name"]: test["outcome"] for test in wrong["tests"]}
    assert outcomes == {"test_calc.py::test_two": "passed", "test_calc.py::test_three": "failed"}
    assert "assert 5 == 6" in base64.b64decode(wrong["stdout"]).decode()


def test_a_hanging_candidate_times_out_and_the_server_serves_the_next(server: Server) -> None:
    hanging = "def double(x):\n    while True:\n        pass\n"
    stuck = server.ask(request(3, {"calc.py": hanging, "test_calc.py": TESTS}, ["test_calc.py"], timeout_ms=1500))
    assert stuck["timedOut"] is True
    after = server.ask(request(4, {"calc.py": PROGRAM, "test_calc.py": TESTS}, ["test_calc.py"]))
    assert after["exitCode"] == 0


def test_a_file_path_leaving_the_work_folder_is_answered_with_an_error(server: Server) -> None:
    reply = server.ask(request(5, {"../escape.py": "x = 1\n"}, []))
    assert reply == {"id": 5, "error": "ValueError: file path leaves the work folder: ../escape.py"}


# Candidates of one suite run in its collected session; each reply must be what a full pytest
# session on the same files reports.

_ids = itertools.count(100)


def ask(server: Server, files: "dict[str, str]", tests: "list[str]", timeout_ms: int = 20_000) -> dict:
    return server.ask(request(next(_ids), files, tests, timeout_ms))


def outcomes(reply: dict) -> "dict[str, str]":
    return {test["name"]: test["outcome"] for test in reply["tests"]}


def plain_pytest(tmp_path: Path, files: "dict[str, str]", tests: "list[str]") -> "tuple[int, dict[str, str]]":
    """What pytest itself reports on the files: its exit status and each test's outcome (from -rA)."""
    folder = tmp_path / ("plain%d" % next(_ids))
    folder.mkdir()
    write_files(folder, files)
    done = run_python(folder, ["-m", "pytest", "-q", "-p", "no:cacheprovider", "-rA", *tests])
    found = {}
    for line in done.stdout.splitlines():
        word, _, rest = line.partition(" ")
        if word in ("PASSED", "FAILED", "ERROR"):
            found[rest.split(" - ")[0]] = {"PASSED": "passed", "FAILED": "failed", "ERROR": "error"}[word]
    return done.returncode, found


def assert_as_pytest(tmp_path: Path, reply: dict, files: "dict[str, str]", tests: "list[str]") -> None:
    code, expected = plain_pytest(tmp_path, files, tests)
    assert (reply["exitCode"], outcomes(reply)) == (code, expected)


SHOP = """\
TAX = 0.2


class Cart:
    def __init__(self):
        self.items = []

    def add(self, price, quantity=1):
        self.items.append((price, quantity))

    def total(self):
        return round(sum(price * quantity for price, quantity in self.items) * (1 + TAX), 2)


def discount(total, code):
    return total * 0.9 if code == "SAVE10" else total
"""
SHOP_CONFTEST = """\
import pytest

from shop import Cart


@pytest.fixture
def cart():
    cart = Cart()
    cart.add(10, 2)
    return cart
"""
SHOP_TESTS = """\
import pytest

import shop
from shop import TAX, discount as apply_discount


def test_total(cart):
    assert cart.total() == 24.0


def test_tax_rate():
    assert TAX == 0.2


@pytest.mark.parametrize("code, expected", [("SAVE10", 90.0), ("NOPE", 100.0)])
def test_discount(code, expected):
    assert apply_discount(100.0, code) == expected


def test_module_access():
    assert shop.Cart().total() == 0
"""


def shop_files(program: str) -> "dict[str, str]":
    return {"shop.py": program, "conftest.py": SHOP_CONFTEST, "tests/test_shop.py": SHOP_TESTS,
            "pyproject.toml": '[tool.pytest.ini_options]\npythonpath = ["."]\n'}


def test_candidates_of_a_suite_share_its_collected_session_and_report_what_pytest_reports(
        server: Server, tmp_path: Path) -> None:
    candidates = [SHOP, SHOP.replace("TAX = 0.2", "TAX = 0.25"), SHOP.replace("0.9 if", "0.8 if"),
                  SHOP.replace("price * quantity", "price + quantity"), SHOP]
    replies = []
    for program in candidates:
        files = shop_files(program)
        replies.append(ask(server, files, ["tests/test_shop.py"]))
        assert replies[-1]["session"] == "collected"
        assert_as_pytest(tmp_path, replies[-1], files, ["tests/test_shop.py"])
    assert [reply["exitCode"] for reply in replies] == [0, 1, 1, 1, 0]


def test_a_candidate_that_does_not_import_gets_the_collection_error_of_a_full_session(
        server: Server, tmp_path: Path) -> None:
    ask(server, shop_files(SHOP), ["tests/test_shop.py"])
    for program in [SHOP.replace("def discount(total, code):", "def discount(total, code)"),
                    SHOP.replace("def discount", "def reduce"),
                    SHOP + "\nraise RuntimeError('broken at import')\n"]:
        files = shop_files(program)
        reply = ask(server, files, ["tests/test_shop.py"])
        assert reply["session"] == "full"
        assert reply["exitCode"] != 0
        assert_as_pytest(tmp_path, reply, files, ["tests/test_shop.py"])
    assert ask(server, shop_files(SHOP), ["tests/test_shop.py"])["session"] == "collected"


def test_a_suite_whose_collection_uses_the_program_runs_full_sessions(server: Server, tmp_path: Path) -> None:
    tests = ("import pytest\n\nfrom cases import CASES, square\n\n\n@pytest.mark.parametrize('x, expected', CASES)\n"
             "def test_square(x, expected):\n    assert square(x) == expected\n")
    program = "CASES = [(2, 4), (3, 9)]\n\n\ndef square(x):\n    return x * x\n"
    for candidate in [program, program.replace("(3, 9)]", "(3, 9), (4, 15)]"), program]:
        files = {"cases.py": candidate, "test_cases.py": tests}
        reply = ask(server, files, ["test_cases.py"])
        assert reply["session"] == "full"
        assert_as_pytest(tmp_path, reply, files, ["test_cases.py"])


def test_a_plain_assert_script_runs_as_pytest_runs_it(server: Server, tmp_path: Path) -> None:
    script = "from calc import double\n\nassert double(2) == 4\nassert double(5) == 10\n"
    for program in [PROGRAM, "def double(x):\n    return x + 2\n"]:
        files = {"calc.py": program, "test_script.py": script}
        assert_as_pytest(tmp_path, ask(server, files, ["test_script.py"]), files, ["test_script.py"])


def test_what_a_candidate_changes_in_the_process_is_gone_for_the_next(server: Server) -> None:
    program = ("import builtins\n\n\ndef double(x):\n    builtins.calls = getattr(builtins, 'calls', 0) + 1\n"
               "    return x * 2\n")
    tests = ("import builtins\nimport sys\n\nfrom calc import double\n\n\ndef test_first_call():\n"
             "    assert double(1) == 2\n    assert builtins.calls == 1\n    sys.modules['calc'].double = None\n")
    for _ in range(3):
        reply = ask(server, {"calc.py": program, "test_calc.py": tests}, ["test_calc.py"])
        assert (reply["session"], reply["exitCode"]) == ("collected", 0)


def test_a_candidate_that_hangs_on_import_times_out_and_the_suite_serves_the_next(server: Server) -> None:
    files = {"calc.py": PROGRAM, "test_calc.py": TESTS}
    ask(server, files, ["test_calc.py"])
    stuck = ask(server, {**files, "calc.py": "while True:\n    pass\n"}, ["test_calc.py"], timeout_ms=1500)
    assert stuck["timedOut"] is True
    after = ask(server, files, ["test_calc.py"])
    assert (after["session"], after["exitCode"]) == ("collected", 0)


def test_a_built_in_the_first_candidate_changed_on_import_is_not_seen_by_the_next(server: Server, tmp_path: Path) -> None:
    tests = ("import builtins\n\nfrom marked import value\n\n\ndef test_unmarked():\n"
             "    assert getattr(builtins, 'marker', None) is None\n    assert value() == 1\n")
    clean = "def value():\n    return 1\n"
    marking = "import builtins\n\nbuiltins.marker = 'left by the first candidate'\n\n\n" + clean
    for program in [marking, clean]:
        files = {"marked.py": program, "test_marked.py": tests}
        assert_as_pytest(tmp_path, ask(server, files, ["test_marked.py"]), files, ["test_marked.py"])


def test_a_suite_of_plain_tests_is_called_directly_and_reported_as_pytest_reports_it(
        server: Server, tmp_path: Path) -> None:
    tests = ("import pytest\n\nfrom calc import double\n\n\n"
             "def test_two():\n    print('two ran')\n    assert double(2) == 4\n\n\n"
             "@pytest.mark.parametrize('x', [1, 5])\ndef test_many(x):\n    assert double(x) == 2 * x\n")
    right = ask(server, {"calc.py": PROGRAM, "test_calc.py": tests}, ["test_calc.py"])
    files = {"calc.py": "def double(x):\n    return x + 2\n", "test_calc.py": tests}
    wrong = ask(server, files, ["test_calc.py"])
    assert (right["session"], wrong["session"]) == ("collected", "collected")
    assert_as_pytest(tmp_path, wrong, files, ["test_calc.py"])
    assert right["exitCode"] == 0
    # Called directly, a test's output goes to the candidate's stdout as it comes (pytest would hide it).
    assert "two ran" in base64.b64decode(right["stdout"]).decode()
    failure = next(test for test in wrong["tests"] if test["name"] == "test_calc.py::test_many[1]")
    assert failure["message"].startswith('  File "test_calc.py", line 13, in test_many\n')
    assert "AssertionError: assert 3 == (2 * 1)\n +  where 3 = double(1)" in failure["message"]
    summary = base64.b64decode(wrong["stdout"]).decode()
    assert "FAILED test_calc.py::test_many[1] - assert 3 == (2 * 1)" in summary
    assert summary.endswith("2 failed, 1 passed in %.2fs\n" % (wrong["durationMs"] / 1000))
    assert '<failure message="assert 3 == (2 * 1)">' in wrong["junitXml"]


def test_arguments_that_change_what_pytest_runs_or_prints_leave_the_run_to_pytest(server: Server) -> None:
    tests = (
        "from calc import double\n\n\n"
        "def test_one():\n    assert double(1) == 2\n\n\n"
        "def test_two():\n    assert double(2) == 4\n"
    )
    files = {"calc.py": "def double(x):\n    return x + 2\n", "test_calc.py": tests}
    reply = server.ask({**request(next(_ids), files, ["test_calc.py"]), "args": ["-x"]})
    assert reply["session"] == "collected"
    assert [(test["name"], test["outcome"]) for test in reply["tests"]] == [("test_calc.py::test_one", "failed")]
    assert "stopping after 1 failures" in base64.b64decode(reply["stdout"]).decode()
