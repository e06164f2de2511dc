"""A pytest plugin that writes structured facts JUnit XML does not carry.

The exception class, the traceback frames as data, the compared values of a failed assertion
(from pytest's own `pytest_assertrepr_compare`) and the parameters of a parameterised test.
It appends one line per outcome to MEND_PYTEST_REPORT, so a run killed half way still reports
what finished. It also caps the address space (MEND_MEMORY_MB) so runaway allocation raises
MemoryError in the test that caused it instead of killing the whole run, and gives each test
its own time limit (MEND_TEST_TIMEOUT seconds) unless pytest-timeout, loaded by the project's
own configuration, keeps time. A plain assert script is collected as one test per asserting
statement (see mend_assert_script.py).
Loaded with `-p mend_pytest_plugin` from the work folder, next to mend_assert_script.py.
"""

import ast
import contextlib
import json
import linecache
import os
import signal
import time
import traceback

import pytest

import mend_assert_script
import mend_time_limits

_REPORT = os.environ.get("MEND_PYTEST_REPORT", ".mend-pytest.ndjson")
_ROOT = os.getcwd() + os.sep
_compare = {}
_current = {"nodeid": None}
# Once a test has run out of time the run has failed whatever comes next, and a program that
# hangs usually hangs in many tests: later tests get a few times the slowest finished test (at
# least this, in wall seconds) instead of the full limit each, so nine hanging tests of 5 s cost
# about 13 s instead of 45. Which tests fail may change, the verdict cannot.
_AFTER_HANG_FLOOR = 1.0
# Frames of this plugin and of the assert-script collector are ours, not the program's.
_OWN_FILES = {os.path.abspath(__file__), os.path.abspath(mend_assert_script.__file__)}


def _emit(record):
    with open(_REPORT, "a", encoding="utf-8") as handle:
        handle.write(json.dumps(record, default=repr) + "\n")


def _frames(tb):
    """Frames in the work folder only; a deep recursion keeps its first and last frames."""
    frames = []
    for frame, lineno in traceback.walk_tb(tb):
        filename = frame.f_code.co_filename
        if filename.startswith(_ROOT) and filename not in _OWN_FILES:
            frames.append({"file": filename[len(_ROOT):], "line": lineno, "function": frame.f_code.co_name})
    return frames if len(frames) <= 60 else frames[:10] + frames[-50:]


def _error(exc):
    frames = _frames(exc.__traceback__)
    if isinstance(exc, SyntaxError) and exc.filename and exc.filename.startswith(_ROOT):
        frames.append({"file": exc.filename[len(_ROOT):], "line": exc.lineno or 1, "column": exc.offset})
    message = exc.msg if isinstance(exc, SyntaxError) else str(exc)
    return {"type": type(exc).__name__, "message": message, "frames": frames}


def _saferepr(value):
    try:
        from _pytest._io.saferepr import saferepr
        return saferepr(value, maxsize=400)
    except Exception:  # noqa: BLE001 - a value whose repr raises still gets reported
        return repr(value)[:400]


def _has_call(node):
    return any(isinstance(child, ast.Call) for child in ast.walk(node))


def _assertion(exc, compare):
    """The assert statement of the innermost test frame and which side is the expected value."""
    source = None
    for frame, lineno in reversed(list(traceback.walk_tb(exc.__traceback__))):
        if frame.f_code.co_filename.startswith(_ROOT):
            source = linecache.getline(frame.f_code.co_filename, lineno).strip()
            break
    result = {}
    if source:
        result["expression"] = source
    if compare is None:
        return result
    result["operator"] = compare["operator"]
    # Only an equality (or `is None`) names what was expected: in `assert "a" not in items` or
    # `assert total < limit` neither side is the expected value, and pytest's own message says it best.
    if compare["operator"] not in ("==", "is"):
        return result
    actual, expected = compare["left"], compare["right"]
    # Tests usually write "assert f(x) == expected"; when the call is on the right, swap.
    try:
        test = getattr(ast.parse(source).body[0], "test", None) if source else None
        if isinstance(test, ast.Compare) and _has_call(test.comparators[0]) and not _has_call(test.left):
            actual, expected = expected, actual
    except (SyntaxError, IndexError, AttributeError):
        pass
    result["actual"] = actual
    result["expected"] = expected
    return result


def pytest_configure(config):
    limit = os.environ.get("MEND_MEMORY_MB")
    if limit:
        import resource
        size = int(limit) * 1024 * 1024
        _soft, hard = resource.getrlimit(resource.RLIMIT_AS)
        if hard == resource.RLIM_INFINITY or hard > size:
            resource.setrlimit(resource.RLIMIT_AS, (size, size))


@pytest.hookimpl(hookwrapper=True)
def pytest_collection(session):
    # Per-test limits do not cover collection: a program that loops forever while the
    # tests import it would hold the whole run until the sandbox kills it.
    seconds = float(os.environ.get("MEND_COLLECT_TIMEOUT", "0"))

    def expire(signum, frame):
        raise TimeoutError(f"importing the tests took longer than {seconds:g}s")
    with _alarm(seconds, expire):
        yield


@contextlib.contextmanager
def _alarm(seconds, expire):
    """Runs the block with `expire` (which raises) called in it after `seconds`; none when 0."""
    if seconds <= 0:
        yield
        return
    previous = signal.signal(signal.SIGALRM, expire)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def pytest_assertrepr_compare(config, op, left, right):
    nodeid = _current["nodeid"]
    if nodeid is not None:
        _compare[nodeid] = {"operator": op, "left": _saferepr(left), "right": _saferepr(right)}
    return None


def _timeout_plugin_keeps_time(config):
    """Whether pytest-timeout is loaded and has a limit (the project's, or mend's --timeout)."""
    manager = config.pluginmanager
    if not (manager.hasplugin("timeout") or manager.hasplugin("pytest_timeout")):
        return False
    values = [config.getoption("timeout", None), os.environ.get("PYTEST_TIMEOUT")]
    try:
        values.append(config.getini("timeout"))
    except ValueError:
        pass
    for value in values:
        try:
            if value not in (None, "") and float(value) > 0:
                return True
        except (TypeError, ValueError):
            continue
    return False


def _test_limits(config):
    """The limits of mend's own alarm (mend_time_limits.BaselineLimits over MEND_TEST_TIMEOUT);
    None when there is none or pytest-timeout keeps time instead (two alarms on one signal
    would replace each other)."""
    if not hasattr(config, "_mend_test_limits"):
        seconds = float(os.environ.get("MEND_TEST_TIMEOUT", "0") or 0)
        keeps = seconds > 0 and not _timeout_plugin_keeps_time(config)
        config._mend_test_limits = mend_time_limits.BaselineLimits(seconds, _AFTER_HANG_FLOOR) if keeps else None
    return config._mend_test_limits


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item, nextitem):
    _current["nodeid"] = item.nodeid
    limits = _test_limits(item.config)
    seconds = limits.limit() if limits else 0
    expired = []

    # What pytest-timeout's signal method does: the test (setup, call and teardown) fails with
    # "Timeout (>Ns)" where it is, and the next test runs.
    def expire(signum, frame):
        expired.append(True)
        pytest.fail(f"Timeout (>{seconds:g}s)", pytrace=False)
    started = time.perf_counter()
    try:
        with _alarm(seconds, expire):
            yield
    finally:
        if limits and expired:
            limits.hung()
        elif limits:
            limits.finished(time.perf_counter() - started)
        _current["nodeid"] = None


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    report = outcome.get_result()
    if report.when != "call" and report.passed:
        return
    if report.when == "teardown" and report.skipped:
        return
    record = {
        "kind": "test",
        "nodeid": item.nodeid,
        "file": os.path.relpath(str(item.path)),
        "line": (item.location[1] or 0) + 1,
        "outcome": report.outcome,
        "when": report.when,
    }
    callspec = getattr(item, "callspec", None)
    if callspec is not None:
        record["params"] = {key: _saferepr(value) for key, value in callspec.params.items()}
    if call.excinfo is not None and report.failed:
        exc = call.excinfo.value
        record["error"] = _error(exc)
        record["timedOut"] = type(exc).__name__ == "Failed" and str(exc).startswith("Timeout")
        record["assertion"] = _assertion(exc, _compare.pop(item.nodeid, None))
    _emit(record)


def pytest_exception_interact(node, call, report):
    if getattr(report, "when", None) != "collect" and not hasattr(report, "result"):
        return
    exc = call.excinfo.value
    original = exc.__cause__ or exc.__context__ or exc
    _emit({"kind": "load", "file": os.path.relpath(str(getattr(node, "path", "."))), "error": _error(original),
           "text": str(report.longrepr)[-3000:]})


def pytest_pycollect_makemodule(module_path, parent):
    return mend_assert_script.mend_assert_script(module_path, parent)


def pytest_sessionfinish(session, exitstatus):
    _emit({"kind": "session", "exitstatus": int(exitstatus), "collected": session.testscollected})
