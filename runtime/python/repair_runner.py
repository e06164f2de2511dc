"""mendloop repair runner: runs the tests of many candidate programs in one pytest session.

pytest is imported and the tests are collected once; every candidate then runs in a forked
child that swaps in the candidate module (mend_program_modules.py, shared with the fast tier's
fork server), so a candidate costs a fork instead of a fresh interpreter. Results go to the
original stdout as lines starting with '@@mend '.

Usage: python3 -u repair_runner.py CONFIG.json, in the work folder that holds the program,
its tests, mend_assert_script.py, mend_program_modules.py, mend_run_item.py, mend_time_limits.py
and the candidates file named in the config.
The config's mode is "baseline" or "evaluate" (one run, then exit), or "serve": the session is
collected once and serves requests, one JSON line each on stdin ({"id", "mode": "baseline" or
"evaluate", the same fields as a one-run config, the candidates inline}), each answered by its
events and {"event": "served", "id"}, until stdin closes. The repair engine keeps one such server
for a whole repair, so a batch of candidates costs forks, not an interpreter and a collection.
"""
import json
import os
import select
import signal
import sys
import time

OUT = os.fdopen(os.dup(1), "w", buffering=1)
# Requests of the serve mode: pytest's capture points descriptor 0 at /dev/null during the session.
IN = os.fdopen(os.dup(0), "rb")


def emit(obj):
    OUT.write("@@mend " + json.dumps(obj) + "\n")
    OUT.flush()


CONFIG = json.load(open(sys.argv[1]))
WORKDIR = os.getcwd()
ENTRY = os.path.abspath(CONFIG["entry"])
MODNAME = CONFIG["entry"][:-3].replace("/", ".")
# Installed plugins load only when the project's configuration needs one (see the end of the file).
os.environ["PYTEST_DISABLE_PLUGIN_AUTOLOAD"] = "1"
if WORKDIR not in sys.path:
    sys.path.insert(0, WORKDIR)
sys.dont_write_bytecode = True

import pytest  # noqa: E402

import mend_assert_script  # noqa: E402
import mend_assertions  # noqa: E402
import mend_program_modules  # noqa: E402
import mend_run_item  # noqa: E402
import mend_time_limits  # noqa: E402
from mend_time_limits import BaselineLimits, arm_cpu_limit, disarm_cpu_limit, wall_backstop  # noqa: E402

# This runner and the modules it imports sit in the work folder, but belong to no program.
OWN_FILES = [os.path.abspath(__file__), mend_assert_script.__file__ or "", mend_assertions.__file__ or "",
             mend_program_modules.__file__ or "", mend_run_item.__file__ or "", mend_time_limits.__file__ or ""]
# Each assert of a test is a result of its own (see mend_assertions.py): test files are wrapped as
# pytest rewrites them, so before the session collects them.
mend_assertions.install(ENTRY, driver_files=[mend_assert_script.__file__ or ""])
RECORDER = mend_assertions.RECORDER

FAIL_LINES = {}


class Child:
    """Helpers that run inside a forked child and write their findings to a pipe."""

    def __init__(self, fd):
        self.fd = fd

    def write(self, obj):
        data = (json.dumps(obj) + "\n").encode()
        while data:
            data = data[os.write(self.fd, data):]


def silence():
    devnull = os.open(os.devnull, os.O_RDWR)
    os.dup2(devnull, 0)
    os.dup2(devnull, 1)
    os.dup2(devnull, 2)


def install(modules, code):
    """Makes the candidate (its text, or that text compiled) the program module in this (forked)
    process: False when it does not import or lacks a name the tests imported from the program."""
    return modules.rebind({ENTRY: code})


class Tracer:
    """Records the program lines one test executes, streaming each new line at once; told by the
    recorder when one of the test's asserts begins and ends, it streams those too, so that the lines
    run while an assert is evaluated are that assert's."""

    def __init__(self, child, item):
        self.child = child
        self.path = str(item.path)
        self.test_seen = set()
        self.seen = self.test_seen

    def global_trace(self, frame, event, arg):
        if frame.f_code.co_filename != ENTRY:
            return None
        self.note(frame.f_lineno)
        return self.local_trace

    def local_trace(self, frame, event, arg):
        if event == "line":
            self.note(frame.f_lineno)
        return self.local_trace

    def note(self, line):
        if line not in self.seen:
            self.seen.add(line)
            self.child.write({"l": line})

    def begin(self, record):
        self.seen = set()
        self.child.write({"a": mend_assertions.tag_of(record, self.path)})

    def end(self, record):
        self.seen = self.test_seen
        self.child.write({"ae": record["passed"], "ms": record["ms"], "cpuMs": record["cpuMs"], "failLine": record["failLine"]})


def baseline_child(items, runs, start, code, modules, limits, fd):
    silence()
    child = Child(fd)
    if not install(modules, code):
        # Any import-time failure fails every test.
        child.write({"importError": modules.error})
        os._exit(0)
    for index in range(start, len(items)):
        item = items[index]
        child.write({"start": index})
        limit = limits.limit()
        tracer = Tracer(child, item)
        cpu_began = time.process_time()
        began = time.perf_counter()
        arm_cpu_limit(limit, lambda index=index: child.write({"timeout": index}))
        # An xfail test keeps pytest's verdict as written: a recorded failure would no longer raise.
        if item.nodeid not in runs.xfail:
            RECORDER.start(tracer)
        sys.settrace(tracer.global_trace)
        try:
            outcome = mend_run_item.run_protocol(item)
        finally:
            sys.settrace(None)
            RECORDER.stop()
            disarm_cpu_limit()
        cpu = time.process_time() - cpu_began
        limits.finished(cpu)
        child.write({"end": index, "outcome": outcome, "ms": (time.perf_counter() - began) * 1000,
                     "cpuMs": cpu * 1000, "failLine": FAIL_LINES.get(item.nodeid)})
    os._exit(0)


def report_test(nodeid, outcome, ms, cpu_ms, lines, fail_line, asserts):
    """Emits one test's results. A test that ran two or more recorded asserts is reported as one
    result per assert (`NODEID::assert@line 7`, with the lines run while it was evaluated) and the
    test's own result under its id: how it ended apart from its recorded asserts, with the lines it
    ran outside them. Otherwise the test is one result, failed when a recorded assert failed."""
    if len(asserts) >= 2 and outcome != "skipped":
        for found in asserts:
            emit({"event": "test", "id": nodeid + "::" + found["tag"], "outcome": found["outcome"], "ms": found["ms"],
                  "cpuMs": found["cpuMs"], "lines": found["lines"], "failLine": found["failLine"]})
        own_ms = max(0.0, ms - sum(found["ms"] for found in asserts))
        own_cpu = max(0.0, cpu_ms - sum(found["cpuMs"] for found in asserts))
        emit({"event": "test", "id": nodeid, "outcome": outcome, "ms": own_ms, "cpuMs": own_cpu, "lines": lines,
              "failLine": fail_line})
        return
    failed = [found for found in asserts if found["outcome"] != "passed"]
    if failed and outcome in ("passed", "skipped"):
        outcome = "failed"
    if fail_line is None and failed:
        fail_line = failed[0]["failLine"]
    every_line = list(dict.fromkeys(lines + [line for found in asserts for line in found["lines"]]))
    emit({"event": "test", "id": nodeid, "outcome": outcome, "ms": ms, "cpuMs": cpu_ms, "lines": every_line,
          "failLine": fail_line})


def spawn(target, *args):
    read_fd, write_fd = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.close(read_fd)
        os.setpgid(0, 0)
        try:
            target(*args, write_fd)
        finally:
            os._exit(0)
    os.close(write_fd)
    return pid, read_fd


CLOCK_TICKS = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100
# How often the server reads a running candidate's CPU time from /proc: the reads cost more of
# the server's time than anything else it does per candidate.
CPU_POLL_S = 0.05


def cpu_seconds(pid):
    """CPU time a child has used (user + system), or None where /proc is missing.

    Limits on CPU rather than wall-clock time tell a mutant that loops forever from a test
    that is merely waiting for a busy machine.
    """
    try:
        with open("/proc/%d/stat" % pid) as handle:
            fields = handle.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / CLOCK_TICKS
    except (OSError, IndexError, ValueError):
        return None


def over_limit(pid, cpu_at_start, cpu_limit, began, wall_limit):
    now = time.monotonic()
    if now - began >= wall_limit:
        return True
    cpu = cpu_seconds(pid)
    return cpu is not None and cpu - cpu_at_start >= cpu_limit


def kill(pid):
    """Kills a child and its group; the CPU milliseconds the child used (None when it was already reaped)."""
    try:
        os.killpg(pid, signal.SIGKILL)
    except OSError:
        pass
    try:
        usage = os.wait4(pid, 0)[2]
    except OSError:
        return None
    return (usage.ru_utime + usage.ru_stime) * 1000


def read_lines(fd, buffer, timeout):
    """Reads what the child wrote within the timeout (seconds); None once the pipe is closed."""
    ready, _, _ = select.select([fd], [], [], max(0.0, timeout))
    if not ready:
        return buffer, []
    data = os.read(fd, 65536)
    if not data:
        return None, [json.loads(line) for line in buffer.split(b"\n") if line.strip()]
    buffer += data
    *complete, rest = buffer.split(b"\n")
    return rest, [json.loads(line) for line in complete if line.strip()]


def wall_deadline(request):
    """When a request must be answered, whatever runs (the engine's deadline), as a time.monotonic()
    value, or None. The request gives it as wall-clock milliseconds since the epoch ("answerBy"),
    the caller's clock: it holds from when the request was sent, not from when it was read."""
    answer_by = request.get("answerBy")
    return None if answer_by is None else time.monotonic() + (answer_by / 1000 - time.time())


def run_baseline(items, runs, modules, request):
    code = open(ENTRY, encoding="utf-8").read()
    limits = BaselineLimits(request["testTimeoutMs"] / 1000)
    answer_by = wall_deadline(request)
    start = 0
    while start < len(items):
        pid, fd = spawn(baseline_child, items, runs, start, code, modules, limits)
        buffer = b""
        current = None
        test_limit = limits.limit()
        hung = False
        lines = []
        # The current test's recorded asserts, and the one being evaluated (lines go to it meanwhile).
        asserts = []
        evaluating = None
        last_event = time.monotonic()
        cpu_at_start = 0.0
        finished = False
        while True:
            buffer, events = read_lines(fd, buffer, 0.02)
            for event in events:
                if "importError" in event:
                    for index in range(start, len(items)):
                        emit({"event": "test", "id": items[index].nodeid, "outcome": "failed", "ms": 0, "lines": []})
                    emit({"event": "importError", "message": event["importError"]})
                    finished = True
                elif "start" in event:
                    current = event["start"]
                    test_limit = limits.limit()
                    lines = []
                    asserts = []
                    evaluating = None
                    last_event = time.monotonic()
                    cpu_at_start = cpu_seconds(pid) or 0.0
                elif "l" in event:
                    (lines if evaluating is None else evaluating["lines"]).append(event["l"])
                elif "a" in event:
                    evaluating = {"tag": event["a"], "lines": []}
                elif "ae" in event and evaluating is not None:
                    evaluating.update(outcome="passed" if event["ae"] else "failed", ms=event["ms"], cpuMs=event["cpuMs"],
                                      failLine=event["failLine"])
                    asserts.append(evaluating)
                    evaluating = None
                elif "timeout" in event:
                    hung = True
                elif "end" in event:
                    limits.finished(event["cpuMs"] / 1000)
                    report_test(items[event["end"]].nodeid, event["outcome"], event["ms"], event["cpuMs"], lines,
                                event.get("failLine"), asserts)
                    current = None
                    start = event["end"] + 1
            if buffer is None or finished or hung:
                break
            if answer_by is not None and time.monotonic() >= answer_by:
                # Out of time: the tests not reported stay unobserved, as when the sandbox is stopped.
                finished = True
                break
            # The child keeps the limit itself; this is the backstop for a loop inside one C call
            # (twice the limit in CPU time) and for a test that sleeps (on the clock).
            if current is not None and over_limit(pid, cpu_at_start, 2 * test_limit, last_event, wall_backstop(test_limit)):
                hung = True
                break
        kill(pid)
        os.close(fd)
        if finished:
            break
        if current is not None and (hung or buffer is None):
            # A hang, or the child died inside a test (os._exit, a crash): the test, and the assert
            # it was evaluating, end so.
            outcome = "timeout" if hung else "failed"
            ms = round(test_limit * 1000) if hung else 0
            if evaluating is not None:
                asserts.append({**evaluating, "outcome": outcome, "ms": ms, "cpuMs": ms, "failLine": None})
            report_test(items[current].nodeid, outcome, ms, ms, lines, None, asserts)
            if hung:
                limits.hung()
            start = current + 1


def test_plan(items, failing_ids, passing_ids):
    """The tests to run for the requested results, as (item, [(result id, assert tag or None, failing?)]):
    those of the failing results first, then the rest, each in the order first named. A result is a
    test's id, or a recorded assert's (`NODEID::assert@line 7`, see report_test); ids of no
    collected test are left out."""
    by_id = {item.nodeid: item for item in items}
    plan = {}

    def add(result, failing):
        nodeid, tag = result, None
        if result not in by_id:
            cut = result.rfind("::assert@")
            if cut < 0 or result[:cut] not in by_id:
                return
            nodeid, tag = result[:cut], result[cut + 2:]
        plan.setdefault(nodeid, (by_id[nodeid], []))[1].append((result, tag, failing))

    failing_set = set(failing_ids)
    for result in failing_ids:
        add(result, True)
    first = list(plan.values())
    for result in passing_ids:
        if result not in failing_set:
            add(result, False)
    rest = [entry for entry in plan.values() if all(entry is not seen for seen in first)]
    return first, rest


def judge(item, results, outcome, records):
    """Per requested result of one test run, whether it passed. A test split into its asserts
    passes as a result of its own when it ended without a failure of its own and every recorded
    assert that failed is one the baseline knew (a new one would otherwise go unseen); an assert
    that did not run this time failed. A test not split passes when nothing in it failed."""
    path = str(item.path)
    passed = {}
    for record in records:
        passed[mend_assertions.tag_of(record, path)] = record["passed"]
    known = {tag for _, tag, _ in results if tag is not None}
    if known:
        own = outcome != "failed" and all(ok or tag in known for tag, ok in passed.items())
    else:
        own = outcome != "failed" and all(passed.values())
    return [(own if tag is None else passed.get(tag, False), failing) for _, tag, failing in results]


def compiled_candidate(code):
    """The candidate's text compiled, or None when it is not valid Python. Compiled in the server
    before a batch forks anything: in a child, compiling writes pages shared with the server,
    each write a copy-on-write fault. A text that fails otherwise (too deeply nested) is left for
    the child to compile, as it was before."""
    try:
        return compile(code, ENTRY, "exec")
    except (SyntaxError, ValueError):
        return None
    except Exception:  # noqa: BLE001 - the child compiles it again, meets the same failure and ends without a verdict
        return code


def candidate_child(code, modules, runs, first, rest, limits, fd):
    """Runs a candidate on the tests of the failing results, then, when one of those results
    passes, on the other tests until the first result that fails (fail fast: the candidate is
    then neither a fix nor a partial one, and its count of those results is not needed). Each test
    runs under its own CPU limit (`limits`, by result id, summed over the test's results; none
    when absent); the first test over its limit ends the run. `code` is the candidate as
    `compiled_candidate` left it."""
    silence()
    child = Child(fd)
    if code is None:
        child.write({"invalid": True})
        os._exit(0)
    if isinstance(code, str):
        code = compile(code, ENTRY, "exec")
    if not install(modules, code):
        # An import-time failure fails every test.
        child.write({"importError": True})
        os._exit(0)

    def run(item, results):
        own = [limits[result] for result, _, _ in results if result in limits]
        arm_cpu_limit(sum(own) / 1000 if own else None, lambda: child.write({"t": True}))
        if item.nodeid not in runs.xfail:
            RECORDER.start()
        try:
            outcome = runs.run(item)
        finally:
            records = RECORDER.stop()
            disarm_cpu_limit()
        verdicts = judge(item, results, outcome, records)
        counts = {"f": [0, 0], "r": [0, 0]}
        for passed, failing in verdicts:
            counts["f" if failing else "r"][0 if passed else 1] += 1
        child.write(counts)
        return counts

    passed_first = 0
    rest_failed = False
    for item, results in first:
        counts = run(item, results)
        passed_first += counts["f"][0]
        rest_failed = rest_failed or counts["r"][1] > 0
    if (passed_first > 0 or not first) and not rest_failed:
        for item, results in rest:
            if run(item, results)["r"][1] > 0:
                break
    os._exit(0)


def run_candidates(items, runs, modules, request):
    first, rest = test_plan(items, request["failing"], request["passing"])
    failing_total = sum(failing for _, results in first + rest for _, _, failing in results)
    rest_total = sum(not failing for _, results in first + rest for _, _, failing in results)
    candidates = request["candidates"]
    if isinstance(candidates, str):
        candidates = json.load(open(candidates, encoding="utf-8"))
    timeout = request["timeoutMs"] / 1000
    cpu_limit = request.get("cpuMs", request["timeoutMs"]) / 1000
    # Per test CPU limits (ms by node id), derived by the engine from the baseline; the two above
    # are then the whole candidate's backstop.
    test_limits = request.get("testCpuMs") or {}
    deadline = time.monotonic() + request["budgetMs"] / 1000
    answer_by = wall_deadline(request)
    jobs = max(1, CONFIG.get("jobs", 2))
    extra = request.get("extraAfterPlausible", 0)
    remaining_after_plausible = None
    queue = [{"id": candidate["id"], "code": compiled_candidate(candidate["code"])} for candidate in candidates]
    running = {}
    while (queue or running):
        if answer_by is not None and time.monotonic() >= answer_by:
            # Out of time: the candidates still running are killed unjudged, as when the sandbox is
            # stopped, and reported with those never started.
            for fd, state in list(running.items()):
                kill(state["pid"])
                os.close(fd)
                queue.insert(0, {"id": state["id"]})
            running = {}
            break
        stop = time.monotonic() >= deadline or remaining_after_plausible == 0
        while queue and not stop and len(running) < jobs:
            candidate = queue.pop(0)
            pid, fd = spawn(candidate_child, candidate["code"], modules, runs, first, rest, test_limits)
            running[fd] = {"pid": pid, "id": candidate["id"], "began": time.monotonic(), "polled": 0.0, "buffer": b"",
                           "fp": 0, "fn": 0, "rp": 0, "rn": 0, "invalid": False, "importError": False,
                           "timedOut": False}
            if remaining_after_plausible is not None:
                remaining_after_plausible -= 1
        if not running:
            break
        now = time.monotonic()
        wait = min(state["began"] + timeout for state in running.values()) - now
        ready, _, _ = select.select(list(running), [], [], max(0.0, min(wait, 0.02)))
        now = time.monotonic()
        for fd in list(running):
            state = running[fd]
            done = False
            if fd in ready:
                data = os.read(fd, 65536)
                if not data:
                    done = True
                state["buffer"] += data
                *complete, state["buffer"] = state["buffer"].split(b"\n")
                for line in complete:
                    if not line.strip():
                        continue
                    event = json.loads(line)
                    if event.get("invalid"):
                        state["invalid"] = True
                    elif event.get("importError"):
                        state["importError"] = True
                    elif event.get("t"):
                        state["timedOut"] = True
                    elif "f" in event:
                        state["fp"] += event["f"][0]
                        state["fn"] += event["f"][1]
                        state["rp"] += event["r"][0]
                        state["rn"] += event["r"][1]
            # The child keeps its tests' limits itself; the candidate's CPU in /proc is read now and then.
            timed_out = state["timedOut"] or (not done and (now - state["began"] >= timeout or (
                now - state["polled"] >= CPU_POLL_S and over_limit(state["pid"], 0.0, cpu_limit, state["began"], timeout))))
            if now - state["polled"] >= CPU_POLL_S:
                state["polled"] = now
            aborted = not done and now >= deadline + timeout
            if done or timed_out or aborted:
                cpu_ms = kill(state["pid"])
                os.close(fd)
                del running[fd]
                ran_rest = state["rp"] + state["rn"] == rest_total
                plausible = (not state["invalid"] and state["fp"] == failing_total and ran_rest
                             and state["rp"] == rest_total and not timed_out and not aborted)
                emit({"event": "candidate", "id": state["id"], "invalid": state["invalid"],
                      "importError": state["importError"], "timedOut": timed_out, "aborted": aborted,
                      "failingPassed": state["fp"], "failingTotal": failing_total,
                      "restPassed": state["rp"] if ran_rest else None, "restTotal": rest_total,
                      "ms": (now - state["began"]) * 1000, "cpuMs": cpu_ms})
                if plausible and remaining_after_plausible is None:
                    remaining_after_plausible = extra
    emit({"event": "done", "unstarted": [candidate["id"] for candidate in queue]})


class Driver:
    @pytest.hookimpl(tryfirst=True)
    def pytest_pycollect_makemodule(self, module_path, parent):
        return mend_assert_script.mend_assert_script(module_path, parent)

    @pytest.hookimpl(hookwrapper=True)
    def pytest_runtest_makereport(self, item, call):
        yield
        if call.excinfo is not None and call.when == "call":
            for entry in call.excinfo.traceback:
                if os.path.abspath(str(entry.path)) == ENTRY:
                    FAIL_LINES[item.nodeid] = entry.lineno + 1

    @pytest.hookimpl(tryfirst=True)
    def pytest_runtestloop(self, session):
        if session.testsfailed:
            emit({"event": "collectionError", "count": session.testsfailed})
            return True
        items = list(session.items)
        emit({"event": "collected", "tests": [item.nodeid for item in items]})
        # The entry alone is the program: a candidate changes no other file.
        modules = mend_program_modules.ProgramModules(WORKDIR, own_files=OWN_FILES)
        modules.survey(session, program_files={ENTRY: MODNAME})
        runs = mend_run_item.Items(session, own_plugins=[self])
        if CONFIG["mode"] == "serve":
            serve(items, runs, modules)
        else:
            answer(items, runs, modules, CONFIG)
        return True


def answer(items, runs, modules, request):
    if request["mode"] == "baseline":
        run_baseline(items, runs, modules, request)
    else:
        run_candidates(items, runs, modules, request)


def serve(items, runs, modules):
    """Answers requests from stdin until it closes. Every candidate and baseline runs in a forked
    child, so the collected session this process holds is the same for every request."""
    for line in IN:
        if not line.strip():
            continue
        request = json.loads(line)
        answer(items, runs, modules, request)
        emit({"event": "served", "id": request["id"]})


def neutralizing_args():
    """Arguments that keep installed plugins from changing what the runner observes once
    autoloading is on: test order shuffled and reseeded (pytest-randomly), tests sent to worker
    processes (pytest-xdist), coverage measured around every candidate (pytest-cov)."""
    try:
        from importlib.metadata import entry_points
        found = entry_points()
        plugins = found.select(group="pytest11") if hasattr(found, "select") else found.get("pytest11", [])  # type: ignore[attr-defined]
        names = {plugin.name for plugin in plugins}
    except Exception:  # noqa: BLE001 - without the list, no plugin is neutralized
        names = set()
    extra = ["-p", "no:randomly"]
    if "xdist" in names:
        extra += ["-n", "0"]
    if "pytest_cov" in names:
        extra += ["--no-cov"]
    return extra


args = ["-q", "-p", "no:cacheprovider", "-p", "no:pastebin", "-p", "no:junitxml", "-p", "no:doctest",
        "-p", "no:stepwise", "-p", "no:nose", "-o", "console_output_style=classic", "--rootdir", WORKDIR]
args += CONFIG["tests"]
code = pytest.main(args, plugins=[Driver()])
if code == pytest.ExitCode.USAGE_ERROR:
    # Plugins stay unloaded for speed, but the project's configuration (addopts) names an option
    # of one, such as pytest-timeout's --timeout: run as the project's own pytest does, with
    # the installed plugins, those that would change the observations switched off.
    del os.environ["PYTEST_DISABLE_PLUGIN_AUTOLOAD"]
    pytest.main(args + neutralizing_args(), plugins=[Driver()])
emit({"event": "exit"})
