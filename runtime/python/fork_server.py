"""The Python side of the sandbox's fast tier: a warm pytest fork server.

It imports pytest (and runs it once, so that every plugin module is loaded), freezes its heap
so that forked children share it without the garbage collector touching it, then serves one
candidate per request. One JSON request per line on stdin; one JSON reply per line on fd 3,
which children close (fd 1 of the server goes to /dev/null: pytest's warm-up output).
MEND_OWN_PID_NAMESPACE=1 says the sweep may kill every process it sees in /proc.

Candidates of one suite (the same file names, test files and arguments) share a suite
process: forked from the clean server, it runs pytest on the suite's first candidate up to the
end of collection and keeps that collected session. Every candidate of the suite then costs a
fork of it: the child re-imports the suite's program modules (the files that are neither test
modules, conftest files nor plugins; compiled by the suite process before the fork), points the
names the tests imported at the new modules (`from calc import double`), and lets pytest run the
collected items and finish the session as usual, so the reply is that of a full session. Where
every test of the suite is a plain function that pytest's hooks do nothing for (mend_run_item.py,
as the repair engine's runner decides it), the child calls the tests itself and sends only their
results, and the suite process writes pytest's terminal summary and JUnit XML from them
(mend_session_report.py): pytest's reporting plugins cost a forked child more than the tests. There
a test's output reaches the candidate's stdout as it is printed, instead of in pytest's report.
A candidate whose other files differ (a test, a conftest, a data file) gets a new suite
process. A full pytest session per candidate, forked from the clean server, serves what the
collected session cannot stand for: a suite whose collection failed, a suite whose collection
used the program's values (a parametrize over the program's data, asserts at module level), a
candidate whose module does not import or lacks a name the tests import, and a candidate that
killed its suite process. A reply's "session" says which served it: "collected" or "full".
The re-import and the rebinding are mend_program_modules.py and the direct calls
mend_run_item.py (beside this file), both shared with the repair engine's batch runner.
"""

import base64
import builtins
import gc
import inspect
import json
import os
import resource
import select
import shutil
import signal
import sys
import time
import traceback

import pytest

from mend_program_modules import ProgramModules
from mend_run_item import Items
from mend_session_report import junit_xml, terminal_text

PROTOCOL = os.fdopen(3, "wb", buffering=0)
_devnull = os.open(os.devnull, os.O_RDWR)
os.dup2(_devnull, 1)
OWN_PID_NAMESPACE = os.environ.pop("MEND_OWN_PID_NAMESPACE", "") == "1"
BASE_ARGS = ["-q", "-p", "no:cacheprovider"]
STREAM_CHUNK = 65536
# Exit status of a suite child that found the candidate cannot run in the collected session.
FALLBACK_EXIT = 199
# Beyond a candidate's timeout, time a suite process gets to answer before it is presumed stuck.
SUITE_GRACE_SECONDS = 2.0
# A suite whose collection failed this often runs every candidate as a full session.
SUITE_ATTEMPTS = 3
# Arguments under which the server's own report of tests called directly is pytest's (mend_session_report.py);
# others (-x, -v, --tb, -r...) change what pytest runs or prints, and leave the report to pytest.
REPORTED_ARGS = {"-s", "--capture=no", "--capture=fd", "--capture=sys"}


def stat_fields(pid):
    """The fields of /proc/PID/stat after the command's name (state first), or None when it cannot be read."""
    try:
        with open("/proc/%d/stat" % pid) as f:
            return f.read().rsplit(")", 1)[1].split()
    except OSError:
        return None


def ancestors():
    chain, pid = set(), os.getpid()
    while pid > 0:
        chain.add(pid)
        fields = stat_fields(pid)
        if fields is None:
            break
        pid = int(fields[1])
    return chain


PROTECTED = ancestors() | {1}


# Well inside the host's grace beyond a candidate's timeout (REPLY_GRACE_MS in fast-runner.ts), so
# that a sweep that fails ends the server before the host gives up on it.
SWEEP_SECONDS = 6.0


def sweep():
    """Kill every process in the sandbox except the server, its suite process and their
    ancestors, and wait until the namespace's init has reaped them (a zombie still counts
    against pids.max). If they outlive the sweep, the server ends instead of replying.

    Only done in a pid namespace of our own, where /proc shows nothing but the sandbox."""
    if not OWN_PID_NAMESPACE:
        return
    # Bounded by time, not by passes: on a loaded machine a pass is slow and init reaps late, and
    # a reply sent before the sandbox is empty hands the leftovers to the next candidate.
    deadline = time.monotonic() + SWEEP_SECONDS
    first = True
    while time.monotonic() < deadline:
        others = []
        for name in os.listdir("/proc"):
            if not name.isdigit() or int(name) in PROTECTED:
                continue
            pid = int(name)
            # A dead child of the server's own is reaped here; only the server can (once the
            # first pass stopped everything, reading about each process is cheap).
            if not first and reap_own_zombie(pid):
                continue
            others.append(pid)
            # Stopped the moment it is seen, before anything is read about it: a fork bomb shares
            # this cgroup's CPU with the server, so each syscall here waits behind a hundred of its
            # processes, and a stopped process neither forks nor competes. The kill of a process
            # this unprivileged server does not own fails and changes nothing.
            try:
                os.kill(pid, signal.SIGSTOP)
            except OSError:
                pass
        # Zombies are listed until init reaps them; the loop waits for that too.
        if not others:
            return
        first = False
        for pid in others:
            try:
                os.kill(pid, signal.SIGKILL)
            except OSError:
                pass
        time.sleep(0.002)
    # Never a reply while something of the candidate lives: the host sees the runner end, kills
    # everything in its cgroup (forks refused first) and starts a fresh one.
    os.write(2, b"mend: the candidate's processes outlived the sweep; the runner ends so that the host kills them\n")
    os._exit(75)


def reap_own_zombie(pid):
    """Whether `pid` was a zombie child of this process, now reaped."""
    fields = stat_fields(pid)
    if fields is None or fields[0] != "Z" or int(fields[1]) != os.getpid():
        return False
    try:
        os.waitpid(pid, os.WNOHANG)
    except OSError:
        pass
    return True


class Collector:
    """Per-test results, written as JSON when the session ends."""

    def __init__(self, path):
        self.path = path
        self.tests = {}

    def pytest_runtest_logreport(self, report):
        file = report.location[0] if report.location else None
        entry = self.tests.setdefault(report.nodeid, {"name": report.nodeid, "file": file, "outcome": "passed", "durationMs": 0})
        entry["durationMs"] += int(report.duration * 1000)
        if report.skipped and report.when in ("setup", "call"):
            entry["outcome"] = "skipped"
        elif report.failed:
            entry["outcome"] = "failed" if report.when == "call" else "error"
            entry["message"] = str(report.longreprtext)[-2000:]

    def pytest_collectreport(self, report):
        if report.failed:
            self.tests[report.nodeid or "collection"] = {"name": report.nodeid or "collection", "file": report.nodeid or None,
                                                         "outcome": "error", "durationMs": 0,
                                                         "message": str(report.longreprtext)[-2000:]}

    def pytest_sessionfinish(self):
        with open(self.path, "w") as f:
            json.dump(list(self.tests.values()), f)


def limit_candidate(req, keep=(), stderr_copies=()):
    """What every candidate child does first: its own process group, the candidate's streams
    on fds 0-2 (and on `stderr_copies`, pytest's own copies of stderr), no other descriptor of
    the server's (`keep` and `stderr_copies` excepted), default signals, the first to go when
    memory runs out, and its CPU and file-size limits."""
    os.setpgid(0, 0)
    out_w, err_w = req["_out"], req["_err"]
    os.dup2(_devnull, 0)
    os.dup2(out_w, 1)
    os.dup2(err_w, 2)
    for fd in stderr_copies:
        os.dup2(err_w, fd)
    kept = set(keep) | set(stderr_copies)
    for name in os.listdir("/proc/self/fd"):
        fd = int(name)
        if fd > 2 and fd not in kept:
            try:
                os.close(fd)
            except OSError:
                pass
    for sig in (signal.SIGINT, signal.SIGTERM, signal.SIGCHLD, signal.SIGPIPE):
        signal.signal(sig, signal.SIG_DFL)
    try:
        with open("/proc/self/oom_score_adj", "w") as f:
            f.write("1000")
    except OSError:
        pass
    cpu = int(req["cpuSeconds"])
    resource.setrlimit(resource.RLIMIT_CPU, (cpu, cpu + 1))
    resource.setrlimit(resource.RLIMIT_FSIZE, (req["fileSizeBytes"], req["fileSizeBytes"]))


def full_session(req, workdir, results, junit):
    """A candidate child that runs a whole pytest session of its own."""
    try:
        limit_candidate(req)
        os.chdir(workdir)
        os.environ["HOME"] = workdir
        sys.argv = ["pytest"]
        code = pytest.main([*BASE_ARGS, "--junitxml", junit, *(req.get("args") or []), *req["testFiles"]],
                           plugins=[Collector(results)])
        code = int(code)
    except SystemExit as stop:
        code = stop.code if isinstance(stop.code, int) else 1
    except BaseException:  # noqa: BLE001 - whatever the candidate raised becomes exit status 70, in its child
        traceback.print_exc()
        code = 70
    try:
        sys.stdout.flush()
        sys.stderr.flush()
    finally:
        os._exit(code)


def read_limited(path, limit=16 * 1024 * 1024):
    try:
        if os.path.islink(path):
            return None
        with open(path, "rb") as f:
            return f.read(limit).decode("utf-8", "replace")
    except OSError:
        return None


def file_at_limit(root, limit):
    seen = 0
    for dirpath, _dirnames, filenames in os.walk(root):
        for name in filenames:
            seen += 1
            try:
                if os.lstat(os.path.join(dirpath, name)).st_size >= limit:
                    return True
            except OSError:
                pass
            if seen > 10000:
                return False
    return False


def disk_full():
    """The runner's folder is a size-limited tmpfs where the sandbox can mount one: a candidate may have filled it."""
    try:
        stats = os.statvfs("/tmp")
        return stats.f_bavail == 0 or stats.f_favail == 0
    except OSError:
        return False


def check_paths(req, workdir):
    for rel in req["files"]:
        target = os.path.normpath(os.path.join(workdir, rel))
        if not target.startswith(workdir + "/"):
            raise ValueError("file path leaves the work folder: " + rel)


def write_files(req, workdir):
    """A fresh working copy: the folder emptied (what an earlier candidate left is gone), then the request's files."""
    check_paths(req, workdir)
    if os.path.isdir(workdir):
        for name in os.listdir(workdir):
            path = os.path.join(workdir, name)
            if os.path.isdir(path) and not os.path.islink(path):
                shutil.rmtree(path, ignore_errors=True)
            else:
                os.unlink(path)
    else:
        os.mkdir(workdir, 0o700)
    for rel, content in req["files"].items():
        target = os.path.normpath(os.path.join(workdir, rel))
        os.makedirs(os.path.dirname(target), exist_ok=True)
        with open(target, "w", encoding="utf-8") as f:
            f.write(content)


def supervise(req, pid, out_r, err_r, started):
    """Reads the candidate's streams until it ends, its time is up or it passed the output cap."""
    pidfd = os.pidfd_open(pid)
    cap = req["outputLimitBytes"]
    streams = {out_r: bytearray(), err_r: bytearray()}
    open_fds = {out_r, err_r}
    status = None
    timed_out = output_limited = False
    deadline = started + req["timeoutMs"] / 1000.0
    drain_until = None

    def stop_candidate():
        try:
            os.killpg(pid, signal.SIGKILL)
        except OSError:
            pass
        try:
            os.kill(pid, signal.SIGKILL)
        except OSError:
            pass

    while open_fds or status is None:
        now = time.monotonic()
        if status is None and now >= deadline:
            timed_out = True
            stop_candidate()
            deadline = float("inf")
        if status is not None and drain_until is None:
            # The candidate is gone; whatever it left behind dies, which closes its copies of the pipes.
            sweep()
            drain_until = now + 1.0
        if drain_until is not None and now >= drain_until:
            break
        limit = (drain_until if drain_until is not None else deadline) - now
        watch = list(open_fds) + ([pidfd] if status is None else [])
        ready, _, _ = select.select(watch, [], [], max(0.0, min(limit, 3600.0)))
        for fd in ready:
            if fd == pidfd:
                status = os.waitpid(pid, 0)[1]
                continue
            chunk = os.read(fd, STREAM_CHUNK)
            if not chunk:
                open_fds.discard(fd)
                continue
            buf = streams[fd]
            room = cap - len(buf)
            buf += chunk[:max(0, room)]
            if len(chunk) > room and not output_limited:
                output_limited = True
                stop_candidate()
    if status is None:
        stop_candidate()
        status = os.waitpid(pid, 0)[1]
    sweep()
    os.close(pidfd)
    for fd in (out_r, err_r):
        os.close(fd)
    return status, bytes(streams[out_r]), bytes(streams[err_r]), timed_out, output_limited


def run(req, workdir, become, started, fresh=True, reported=False):
    """Runs one candidate in a forked child (`become(req, workdir, results, junit)`, which never
    returns in the child) and answers with its reply, or None when a suite child found that the
    candidate needs a full session (nothing of it was reported). `reported`: the child wrote
    its tests' results only, and pytest's terminal summary and JUnit XML are made here."""
    results, junit = workdir + ".results.json", workdir + ".junit.xml"
    if fresh:
        write_files(req, workdir)
    for path in (results, junit):
        try:
            os.unlink(path)
        except OSError:
            pass
    out_r, out_w = os.pipe()
    err_r, err_w = os.pipe()
    PROTOCOL.flush()
    sys.stdout.flush()
    sys.stderr.flush()
    pid = os.fork()
    if pid == 0:
        become({**req, "_out": out_w, "_err": err_w}, workdir, results, junit)
    os.close(out_w)
    os.close(err_w)
    status, stdout, stderr, timed_out, output_limited = supervise(req, pid, out_r, err_r, started)
    exit_code = os.waitstatus_to_exitcode(status)
    if exit_code == FALLBACK_EXIT and not stdout and not stderr and not timed_out:
        return None
    tests = []
    raw = read_limited(results)
    if raw:
        try:
            tests = json.loads(raw)
        except ValueError:
            tests = []
    reply = {
        "id": req["id"],
        "exitCode": exit_code if exit_code >= 0 else None,
        "signal": signal.Signals(-exit_code).name if exit_code < 0 else None,
        "timedOut": timed_out,
        "outputLimited": output_limited,
        "stdout": base64.b64encode(stdout).decode(),
        "stderr": base64.b64encode(stderr).decode(),
        "durationMs": int((time.monotonic() - started) * 1000),
        "fileSizeHit": exit_code != 0 and (file_at_limit(workdir, req["fileSizeBytes"]) or disk_full()),
        "heapExhausted": False,
        "tests": tests,
        "junitXml": read_limited(junit),
    }
    if reported and tests and not timed_out and not output_limited and exit_code in (0, 1):
        seconds = reply["durationMs"] / 1000
        summary = terminal_text(tests, seconds).encode()
        reply["stdout"] = base64.b64encode(stdout + summary[:max(0, req["outputLimitBytes"] - len(stdout))]).decode()
        reply["junitXml"] = junit_xml(tests, seconds)
    for path in (results, junit):
        try:
            os.unlink(path)
        except OSError:
            pass
    return reply


class BecomeCandidate(BaseException):
    """Raised in a suite process's fresh child to leave the serving loop and let pytest run the items."""


class Suite:
    """The collected session of one suite, inside its suite process (a pytest plugin)."""

    def __init__(self, first, workdir, commands, answers):
        self.first = first
        self.workdir = workdir
        self.commands = commands
        self.answers = answers
        self.files = dict(first["files"])
        self.config = None
        # Built-ins and environment before collection, to see whether the program's import changed them.
        self.builtins = {}
        self.environ = {}
        self.pytest_fds = set()
        # The session, in a candidate's child (None in the suite process).
        self.candidate_session = None
        # The collected tests, where every one is called directly (`runs`).
        self.items = []
        self.collector = Collector(workdir + ".results.json")
        self.modules = ProgramModules(workdir)
        # How the suite's tests run in a candidate's child when every one can be called directly, else None.
        self.runs = None

    def answer(self, message):
        data = (json.dumps(message) + "\n").encode()
        while data:
            data = data[os.write(self.answers, data):]

    def requests(self):
        yield self.first
        buffer = b""
        while True:
            while b"\n" not in buffer:
                chunk = os.read(self.commands, STREAM_CHUNK)
                if not chunk:
                    os._exit(0)
                buffer += chunk
            line, buffer = buffer.split(b"\n", 1)
            yield json.loads(line)

    def pytest_sessionstart(self, session):
        # After pytest set up its own (PYTEST_VERSION in the environment), before collection imports the program.
        self.builtins = dict(vars(builtins))
        self.environ = os.environ.copy()

    def process_changed(self):
        """Whether collection (the first candidate's import) changed built-ins or the environment,
        which every later candidate would inherit from the suite process."""
        now = vars(builtins)
        return (os.environ.copy() != self.environ or now.keys() != self.builtins.keys()
                or any(now[key] is not value for key, value in self.builtins.items()))

    def stale(self, req):
        """Whether the request differs from the collected suite in more than its program modules."""
        for rel, content in req["files"].items():
            if content == self.files.get(rel):
                continue
            if not rel.endswith(".py") or os.path.normpath(rel) in self.modules.fixed_files:
                return True
        return False

    @pytest.hookimpl(tryfirst=True)
    def pytest_runtestloop(self, session):
        self.config = session.config
        # Descriptors pytest opened for the session (a log handler's file, say) stay open in candidates; the server's do not.
        self.pytest_fds = {int(name) for name in os.listdir("/proc/self/fd")} - {self.commands, self.answers, _devnull}
        if session.testsfailed or session.config.option.collectonly:
            why = "collection"
        elif not self.modules.survey(session) or self.process_changed():
            why = "depends"
        else:
            why = None
        if why is None and session.items and set(self.first.get("args") or []) <= REPORTED_ARGS:
            runs = Items(session, own_plugins=[self, self.collector])
            # Called directly, a test skips pytest's setup state, which the others would then find
            # wrong: all of the suite's tests, or none.
            if len(runs.direct) == len(session.items):
                self.runs = runs
                self.items = list(session.items)
        warm_module_cache()
        gc.freeze()
        for req in self.requests():
            if req is not self.first and self.stale(req):
                self.answer({"stale": True})
                continue
            if why is not None:
                # The collected session cannot stand for any candidate: a full session, from the clean server.
                self.answer({"unusable": why})
                continue
            try:
                reply = run({**req, "_sources": self.compiled(req)}, self.workdir, self.become, req["startedAt"],
                            fresh=req is not self.first, reported=self.runs is not None)
            except BecomeCandidate:
                self.candidate_session = session
                return None
            except Exception as error:  # noqa: BLE001 - one broken request is answered, the suite keeps serving
                self.answer({"error": "%s: %s" % (type(error).__name__, error)})
                continue
            self.answer({"fallback": True} if reply is None else {"reply": reply})
        return None

    @pytest.hookimpl(tryfirst=True)
    def pytest_unconfigure(self, config):
        # In a candidate's child the session's reports are written by now; the rest of pytest's
        # clean-up only undoes what the suite process set up, so the child ends here.
        if self.candidate_session is not None:
            sys.stdout.flush()
            sys.stderr.flush()
            os._exit(int(self.candidate_session.exitstatus))

    def compiled(self, req):
        """The candidate's program modules compiled here, before the fork: compiling in the child
        writes pages it shares with this process, each write a copy-on-write fault. A text that
        does not compile is left for the child's import to fail on, as a full session shows."""
        sources = {}
        for path in self.modules.files.values():
            text = req["files"].get(os.path.relpath(path, self.workdir))
            if text is None:
                continue
            try:
                sources[path] = compile(text, path, "exec")
            except Exception:  # noqa: BLE001 - see above
                sources[path] = text
        return sources

    def become(self, req, workdir, results, junit):
        """In the candidate's child: the candidate's streams and limits, its program modules, then
        back to pytest, or its tests called directly (`run_directly`)."""
        if self.runs is not None:
            self.run_directly(req, results)
        try:
            config = self.config
            assert config is not None
            capture = config.pluginmanager.getplugin("capturemanager")
            if capture is not None:
                # Capturing starts over on the candidate's streams (it kept dups of the suite process's).
                capture.stop_global_capturing()
            from _pytest.faulthandler import fault_handler_stderr_fd_key
            copies = [config.stash[fault_handler_stderr_fd_key]] if fault_handler_stderr_fd_key in config.stash else []
            limit_candidate(req, self.pytest_fds, copies)
            if capture is not None:
                capture.start_global_capturing()
            xml = config.stash.get(self.xml_key(), None)
            if xml is not None:
                from _pytest import timing
                xml.logfile = junit
                xml.suite_start = timing.Instant()
            self.collector.path = results
            if not self.modules.rebind(req["_sources"]):
                os._exit(FALLBACK_EXIT)
            if capture is not None:
                # Output of the program's import is collection output, which a passing session does not show.
                capture.suspend_global_capture(in_=False)
                capture.read_global_capture()
        except BaseException:  # noqa: BLE001 - anything that went wrong here is for a full session to show
            os._exit(FALLBACK_EXIT)
        raise BecomeCandidate()

    def run_directly(self, req, results):
        """In the candidate's child of a suite whose every test can be called directly
        (mend_run_item.py): the candidate's streams and limits, its program modules, then each test
        called, its result written to `results`; the server makes pytest's report of them
        (`reported` in `run`). What the tests print goes to the candidate's streams as it comes.
        Never returns."""
        try:
            config = self.config
            assert config is not None and self.runs is not None
            from _pytest.faulthandler import fault_handler_stderr_fd_key
            copies = [config.stash[fault_handler_stderr_fd_key]] if fault_handler_stderr_fd_key in config.stash else []
            limit_candidate(req, (), copies)
            # pytest's capture of the suite process pointed these at its own files, closed by now.
            sys.stdin, sys.stdout, sys.stderr = (open(0, closefd=False), open(1, "w", closefd=False),
                                                 open(2, "w", closefd=False))
            if not self.modules.rebind(req["_sources"]):
                os._exit(FALLBACK_EXIT)
        except BaseException:  # noqa: BLE001 - anything that went wrong here is for a full session to show
            os._exit(FALLBACK_EXIT)
        tests = []
        for item in self.items:
            outcome, ms, message = self.runs.run_described(item)
            entry = {"name": item.nodeid, "file": item.location[0], "outcome": outcome, "durationMs": int(ms)}
            if message is not None:
                entry["message"] = message[-2000:]
            tests.append(entry)
        code = 1 if any(test["outcome"] == "failed" for test in tests) else 0
        try:
            with open(results, "w") as f:
                json.dump(tests, f)
            sys.stdout.flush()
            sys.stderr.flush()
        finally:
            os._exit(code)

    @staticmethod
    def xml_key():
        from _pytest.junitxml import xml_key
        return xml_key

def suite_process(req, workdir, commands, answers):
    """The body of a suite process: collect the suite on its first candidate, then serve the suite's candidates."""
    code = 0
    suite = Suite(req, workdir, commands, answers)
    try:
        os.setpgid(0, 0)
        os.dup2(_devnull, 0)
        os.close(3)
        PROTECTED.add(os.getpid())
        write_files(req, workdir)
        os.chdir(workdir)
        os.environ["HOME"] = workdir
        sys.argv = ["pytest"]
        code = pytest.main([*BASE_ARGS, "--junitxml", workdir + ".junit.xml", *(req.get("args") or []), *req["testFiles"]],
                           plugins=[suite.collector, suite])
        code = int(code)
    except BecomeCandidate:
        code = 70
    except SystemExit as stop:
        code = stop.code if isinstance(stop.code, int) else 1
    except BaseException:  # noqa: BLE001 - whatever the candidate raised becomes exit status 70, in its child
        traceback.print_exc()
        code = 70
    if suite.config is None or os.getpid() in PROTECTED:
        # Still the suite process: pytest ended before its run loop (a usage error, say).
        try:
            suite.answer({"unusable": "collection"})
        finally:
            os._exit(0)
    try:
        sys.stdout.flush()
        sys.stderr.flush()
    finally:
        os._exit(code)


class Suites:
    """The server's side of suite processes: at most one alive, for the suite seen last."""

    def __init__(self):
        self.key = None
        self.pid = None
        self.commands = -1
        self.answers = -1
        self.buffer = b""
        # Suites whose collection failed, by how often; suites that run every candidate as a full session.
        self.failures = {}
        self.full_only = set()

    def stop(self):
        if self.pid is None:
            return
        for fd in (self.commands, self.answers):
            try:
                os.close(fd)
            except OSError:
                pass
        try:
            os.killpg(self.pid, signal.SIGKILL)
        except OSError:
            pass
        try:
            os.waitpid(self.pid, 0)
        except OSError:
            pass
        PROTECTED.discard(self.pid)
        sweep()
        shutil.rmtree("/tmp/mend-suite", ignore_errors=True)
        self.pid = self.key = None

    def start(self, key, req):
        commands_r, commands_w = os.pipe()
        answers_r, answers_w = os.pipe()
        PROTOCOL.flush()
        pid = os.fork()
        if pid == 0:
            os.close(commands_w)
            os.close(answers_r)
            suite_process(req, "/tmp/mend-suite", commands_r, answers_w)
        os.close(commands_r)
        os.close(answers_w)
        PROTECTED.add(pid)
        self.key, self.pid, self.commands, self.answers, self.buffer = key, pid, commands_w, answers_r, b""

    def ask(self, req, send=True):
        """Sends a request to the suite process (its first came with the fork): its answer, or "died" or "stuck"."""
        data = (json.dumps(req) + "\n").encode() if send else b""
        try:
            while data:
                data = data[os.write(self.commands, data):]
        except OSError:
            return "died"
        deadline = req["startedAt"] + req["timeoutMs"] / 1000.0 + SUITE_GRACE_SECONDS
        while b"\n" not in self.buffer:
            ready, _, _ = select.select([self.answers], [], [], max(0.0, deadline - time.monotonic()))
            if not ready:
                return "stuck"
            chunk = os.read(self.answers, STREAM_CHUNK)
            if not chunk:
                return "died"
            self.buffer += chunk
        line, self.buffer = self.buffer.split(b"\n", 1)
        return json.loads(line)

    def serve(self, req):
        """The candidate's reply from its suite's collected session, or None for a full session."""
        key = json.dumps([sorted(req["files"]), req["testFiles"], req.get("args") or []])
        if key in self.full_only:
            return None
        answer = None
        if self.key == key and self.pid is not None:
            answer = self.ask(req)
            if isinstance(answer, dict) and answer.get("stale"):
                answer = None
        if answer is None:
            self.stop()
            self.start(key, req)
            answer = self.ask(req, send=False)
        if answer == "stuck":
            # Collection (the program's import) or the suite process itself hung past the candidate's time.
            self.stop()
            return timed_out(req)
        if answer == "died":
            # The candidate killed its suite process, or collection ended it: a full session shows what it does.
            self.stop()
            return None
        if "error" in answer:
            raise RuntimeError(answer["error"])
        if "unusable" in answer:
            self.stop()
            self.failures[key] = self.failures.get(key, 0) + 1
            if answer["unusable"] == "depends" or self.failures[key] >= SUITE_ATTEMPTS:
                self.full_only.add(key)
            return None
        if "reply" in answer:
            self.failures.pop(key, None)
            return {**answer["reply"], "session": "collected"}
        return None


def timed_out(req):
    return {"id": req["id"], "session": "collected", "exitCode": None, "signal": "SIGKILL", "timedOut": True,
            "outputLimited": False, "stdout": "", "stderr": "", "durationMs": int((time.monotonic() - req["startedAt"]) * 1000),
            "fileSizeHit": False, "heapExhausted": False, "tests": [], "junitXml": None}


SUITES = Suites()


def serve(req):
    started = time.monotonic()
    workdir = "/tmp/mend-c%d" % req["id"]
    check_paths(req, workdir)
    reply = None
    if req["testFiles"]:
        reply = SUITES.serve({**req, "startedAt": started})
    if reply is None:
        reply = run(req, workdir, full_session, started)
        assert reply is not None
        shutil.rmtree(workdir, ignore_errors=True)
        reply["session"] = "full"
    reply["id"] = req["id"]
    return reply


def warm_up():
    workdir = "/tmp/mend-warm"
    os.mkdir(workdir, 0o700)
    with open(os.path.join(workdir, "test_mend_warm.py"), "w") as f:
        f.write("import pytest\n\n@pytest.mark.parametrize('x', [1])\ndef test_warm(x):\n    assert x == 1\n")
    path, cwd = list(sys.path), os.getcwd()
    os.chdir(workdir)
    warm_args = [*BASE_ARGS, "--junitxml", workdir + "/warm.xml", "test_mend_warm.py"]
    pytest.main(warm_args, plugins=[Collector(workdir + "/warm.json")])
    os.chdir(cwd)
    sys.path[:] = path
    for name, module in list(sys.modules.items()):
        if (getattr(module, "__file__", None) or "").startswith(workdir):
            del sys.modules[name]
    shutil.rmtree(workdir, ignore_errors=True)
    warm_module_cache()
    gc.collect()
    gc.freeze()


def warm_module_cache():
    """Fills `inspect`'s map from files to modules, which each report of a failure otherwise
    builds afresh in every candidate's child (a realpath per loaded module)."""
    try:
        inspect.getmodule(None, _filename=os.path.abspath(__file__))
    except Exception:  # noqa: BLE001 - only a cache: without it reports are slower, not wrong
        pass


def send(message):
    PROTOCOL.write(json.dumps(message).encode() + b"\n")


def main():
    warm_up()
    send({"ready": True, "pid": os.getpid()})
    for line in sys.stdin.buffer:
        if not line.strip():
            continue
        req = json.loads(line)
        try:
            send(serve(req))
        except Exception as error:  # noqa: BLE001 - one broken request is answered, the server keeps serving
            send({"id": req.get("id"), "error": "%s: %s" % (type(error).__name__, error)})
    SUITES.stop()


main()
