"""The fast tier's pytest fork server (fork_server.py), driven over its protocol as the sandbox
drives it: requests on stdin, replies on fd 3, inside bubblewrap with a private /tmp and pid
namespace (it keeps its candidates' working copies in /tmp and sweeps /proc after each)."""

import base64
import json
import os
import subprocess
from typing import IO, Iterator

import pytest
from conftest import copy_programs


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


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> "Iterator[Server]":
    """One server for the module, as one serves many candidates in use."""
    runner = tmp_path_factory.mktemp("runner")
    copy_programs(runner, {"fork_server.py": "server.py"})
    read_end, write_end = os.pipe()
    command = ["bwrap", "--dev-bind", "/", "/", "--proc", "/proc", "--tmpfs", "/tmp", "--ro-bind", str(runner), "/runner",
               "--unshare-pid", "--die-with-parent", "python3", "-u", "/runner/server.py"]

    def protocol_on_fd_3() -> None:
        os.dup2(write_end, 3)

    process = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                               preexec_fn=protocol_on_fd_3, pass_fds=(write_end, 3),
                               env={**os.environ, "MEND_OWN_PID_NAMESPACE": "1", "PYTHONDONTWRITEBYTECODE": "1"})
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
