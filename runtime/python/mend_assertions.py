"""Each assert a test executes as a result of its own, for the repair engine's runner (repair_runner.py).

HumanEval-style suites, and many hand-written ones, check everything in one test: `def
check(candidate): assert candidate(1) == 2; assert candidate([]) == 0; ...` called from
`def test_f(): check(f)`. To a search that only sees whole tests that is one failing test and
no passing one: fault localization has no spectrum, the overfitting guard no passing input to
compare on, and a candidate that fixes three of the six checks looks like no progress at all.

`install(entry)` makes pytest's assertion rewriting (the hook that rewrites test modules, and
mend_assert_script.py, which calls the same function) first wrap every `assert` statement of a
test file so that, while a test runs under `RECORDER`, each assert is recorded as passed or
failed and a failed one (an AssertionError, or an exception raised by the asserted expression)
does not end the test: the test goes on to its next statement. Only an assert whose failure
would certainly have ended the test is continued past: none inside a `try` with handlers or a
`with` block (which may expect or swallow the error: `pytest.raises(AssertionError)`), none
reached through such a block in a caller or through code that is not a test file's (the
program calling back), none nested in another assert's evaluation, and at most MAX_PER_TEST
per test. Every other assert behaves exactly as written and is not recorded. So a test passes
exactly when every assert recorded in it passed and the test itself ended without a failure of
its own (what pytest reports for it once recorded failures no longer raise): the runner
reports both, and the verdict on the test is unchanged.

Only the repair runner installs this: the validation's verdicts come from the test run as written.
"""

import ast
import builtins
import os
import sys
import time

import _pytest
import _pytest.assertion.rewrite as pytest_rewrite
import pluggy

# A test that asserts in a loop over many cases keeps its first this many asserts as results of
# their own; past them, asserts behave as written (a failure ends the test).
MAX_PER_TEST = 64

# Frames of these files run a test (pytest's call of the test function, the assert script
# collector's exec of a statement): an assert's failure reaching them fails the test.
_DRIVER_DIRS = (os.path.dirname(_pytest.__file__) + os.sep, os.path.dirname(pluggy.__file__) + os.sep)
_DRIVER_FILES = set()

# Per test file (as its code objects name it): the lines inside a `try` body with handlers or a
# `with` body, where an exception may be expected or swallowed.
GUARDED = {}


_HANDLING = (ast.Try,) + ((ast.TryStar,) if sys.version_info >= (3, 11) else ())  # type: ignore[attr-defined]


def _guarded_lines(tree):
    lines = set()
    for node in ast.walk(tree):
        if (isinstance(node, _HANDLING) and node.handlers) or isinstance(node, (ast.With, ast.AsyncWith)):
            body = node.body  # type: ignore[attr-defined]
            lines.update(range(body[0].lineno, (body[-1].end_lineno or body[-1].lineno) + 1))
    return lines


def _call(name, *args):
    return ast.Expr(ast.Call(func=ast.Name(name, ast.Load()), args=list(args), keywords=[]))


class _Wrap(ast.NodeTransformer):
    def __init__(self, path, guarded):
        self.path = path
        self.guarded = guarded

    def visit_Assert(self, node):
        if node.lineno in self.guarded:
            return node
        line = ast.Constant(node.lineno)
        wrapped = ast.Try(
            body=[_call("__mend_assert_begin__", ast.Constant(self.path), line), node],
            handlers=[ast.ExceptHandler(
                type=ast.Name("Exception", ast.Load()), name=None,
                body=[ast.If(test=ast.UnaryOp(ast.Not(), ast.Call(func=ast.Name("__mend_assert_failed__", ast.Load()),
                                                                  args=[], keywords=[])),
                             body=[ast.Raise(exc=None, cause=None)], orelse=[])])],
            orelse=[_call("__mend_assert_passed__")],
            finalbody=[])
        # The new nodes take the assert's line (fix_missing_locations below), the assert keeps its own.
        return ast.copy_location(wrapped, node)


def wrap_asserts(tree, path):
    """Wraps the asserts of a test module's tree (see the module's docstring); records the file's guarded lines."""
    guarded = _guarded_lines(tree)
    GUARDED.setdefault(path, set()).update(guarded)
    _Wrap(path, guarded).visit(tree)
    ast.fix_missing_locations(tree)
    return tree


class Recorder:
    """The asserts of the test running now, and a listener told when each begins and ends."""

    def __init__(self):
        self.entry = None
        self.active = False
        self.records = []
        self.stack = []
        self.counts = {}
        self.listener = None

    def start(self, listener=None):
        self.active = True
        self.records = []
        self.stack = []
        self.counts = {}
        self.listener = listener

    def stop(self):
        self.active = False
        self.listener = None
        records, self.records = self.records, []
        return records

    def begin(self, path, line):
        recorded = self.active and not self.stack and len(self.records) < MAX_PER_TEST and _safe(sys._getframe(2))
        if not recorded:
            self.stack.append(None)
            return
        key = (path, line)
        count = self.counts.get(key, 0) + 1
        self.counts[key] = count
        self.stack.append({"path": path, "line": line, "count": count,
                           "began": time.perf_counter(), "cpuBegan": time.process_time()})
        if self.listener is not None:
            self.listener.begin(self.stack[-1])

    def end(self, error):
        """Records the assert that ends now; True when it was recorded (a failure then does not end the test)."""
        if not self.stack:
            return False
        record = self.stack.pop()
        if record is None:
            return False
        record["passed"] = error is None
        record["ms"] = (time.perf_counter() - record.pop("began")) * 1000
        record["cpuMs"] = (time.process_time() - record.pop("cpuBegan")) * 1000
        record["failLine"] = None if error is None else self.fail_line(error)
        self.records.append(record)
        if self.listener is not None:
            self.listener.end(record)
        return True

    def fail_line(self, error):
        found = None
        tb = error.__traceback__
        while tb is not None:
            if tb.tb_frame.f_code.co_filename == self.entry:
                found = tb.tb_lineno
            tb = tb.tb_next
        return found


def _safe(frame):
    """An exception raised in `frame` (the asserting one) would fail the test: no caller up to the
    test's driver is inside a guarded block, and all of them are test files' code."""
    caller = frame.f_back
    while caller is not None:
        path = caller.f_code.co_filename
        lines = GUARDED.get(path)
        if lines is None:
            return path.startswith(_DRIVER_DIRS) or path in _DRIVER_FILES
        if caller.f_lineno in lines:
            return False
        caller = caller.f_back
    return False


RECORDER = Recorder()


def _begin(path, line):
    RECORDER.begin(path, line)


def _failed():
    return RECORDER.end(sys.exc_info()[1] or AssertionError())


def _passed():
    RECORDER.end(None)


def install(entry, driver_files=()):
    """Wraps the asserts of every test module pytest rewrites from now on; `entry` is the program
    file whose deepest line in a failure's traceback is that failure's line."""
    RECORDER.entry = entry
    _DRIVER_FILES.update(os.path.abspath(path) for path in driver_files)
    builtins.__mend_assert_begin__ = _begin  # type: ignore[attr-defined]
    builtins.__mend_assert_failed__ = _failed  # type: ignore[attr-defined]
    builtins.__mend_assert_passed__ = _passed  # type: ignore[attr-defined]
    original = pytest_rewrite.rewrite_asserts

    def rewrite_asserts(mod, source, module_path=None, config=None):
        if module_path is not None:
            wrap_asserts(mod, str(module_path))
        return original(mod, source, module_path, config)

    pytest_rewrite.rewrite_asserts = rewrite_asserts
    # A module rewritten earlier (a pyc pytest cached in the project) would not be wrapped.
    pytest_rewrite._read_pyc = lambda *_args, **_kwargs: None  # type: ignore[attr-defined]


def tag_of(record, test_path):
    """A recorded assert's name within its test: `assert@line 7`, `assert@helpers.py:7` in another
    file than the test's, `#2` on from its second run in the test (a loop, a helper called again)."""
    path = record["path"]
    if os.path.abspath(path) == os.path.abspath(test_path):
        where = "line %d" % record["line"]
    else:
        where = "%s:%d" % (os.path.relpath(path), record["line"])
    return "assert@" + where + ("" if record["count"] == 1 else "#%d" % record["count"])
