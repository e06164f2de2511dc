"""How the repair runner and the fast tier's fork server run one collected pytest item in a
candidate's forked child, as cheaply as its outcome allows: the outcome ("passed", "failed" or
"skipped") is always the one pytest's own run of the item would give.

A candidate's child is a fork of the collected session, and on a virtual machine each memory
page the child writes costs a copy-on-write fault of about 20 microseconds: pytest's hook calls
per phase (capture, logging, skipping, fixtures, reports) touch about 500 pages, most of a
candidate's cost. So a plain test function that needs nothing of those hooks is called
directly (`Items.direct`): no fixtures but its direct parametrization, no marks but
`parametrize`, no package `__init__` setup in its chain, no plugin but pytest's own ones
hooking the run (or installed ones known to do nothing for such a test, `INERT_PLUGINS`) and no
warning filter that could turn the warnings those hooks emit into errors. The decision is made
once, in the collected session, so children inherit it without touching the markers (the fork
server reports such a test itself: `run_described`). Other Function items run through pytest's
hooks without failure reports (`run_quickly`), the rest (a unittest TestCase method, an xfail
test) through the whole protocol (`run_protocol`).
"""
import os
import sys
import time
import traceback
import warnings
from typing import cast

import pluggy
import pytest
from _pytest import python as pytest_python
from _pytest.outcomes import Skipped, XFailed
from _pytest.python import pytest_pyfunc_call
from _pytest.runner import CallInfo, runtestprotocol
from _pytest.warnings import catch_warnings_for_item

# The hooks an item's run goes through; a plugin other than pytest's own implementing one may change the outcome.
RUN_HOOKS = ("pytest_runtest_protocol", "pytest_runtest_setup", "pytest_runtest_call", "pytest_runtest_teardown",
             "pytest_pyfunc_call", "pytest_runtest_makereport")
# Where the frames of pytest and of its plugin manager come from (pluggy), left out of a failure's traceback.
PYTEST_FILES = tuple(os.path.dirname(module.__file__ or "") + os.sep for module in (pytest_python, pluggy))
# Nodes whose setup does nothing (a Package runs its __init__'s setup_module); pytest before 8 has no Dir.
PLAIN_NODES = tuple(node for node in (pytest.Session, getattr(pytest, "Dir", None), pytest.Module, pytest.Class)
                    if node is not None)
# How pytest resolves a direct parametrization; a pytest that names it otherwise calls no test directly.
DIRECT_PARAMETER = getattr(pytest_python, "get_direct_param_fixture_func", None)


def plugin_name(plugin):
    return plugin.__name__ if isinstance(plugin, type(sys)) else type(plugin).__module__


def pytest_own(plugin, own_plugins):
    if any(plugin is own for own in own_plugins):
        return True
    name = plugin_name(plugin)
    return name == "_pytest" or name.startswith("_pytest.")


def no_timeout(item):
    """No timeout applies to the item: pytest-timeout's own reading of its settings."""
    import pytest_timeout
    settings = pytest_timeout._get_item_settings(item)
    return settings.timeout is None or settings.timeout <= 0


HYPOTHESIS_ATTRIBUTES = ("is_hypothesis_test", "hypothesis", "is_hypothesis_strategy_function", "hypothesis_explicit_examples",
                         "_hypothesis_internal_use_seed", "_hypothesis_internal_settings_applied",
                         "_hypothesis_internal_use_reproduce_failure")
# Installed plugins (loaded where autoloading is on, as in the sandbox's fast tier) whose run
# hooks do nothing for a test without marks or fixtures, as long as the condition holds: such
# a test can still be called directly.
INERT_PLUGINS = {
    # Its call and report hooks act on a test that hypothesis decorated, which leaves one of these attributes.
    "_hypothesis_pytestplugin": lambda item: not any(hasattr(item.obj, name) for name in HYPOTHESIS_ATTRIBUTES),
    # It acts on the `benchmark` mark and fixture, which such a test has not.
    "pytest_benchmark.plugin": lambda item: True,
    # It sets a timer only where a timeout is configured (option, ini, environment; marks are ruled out).
    "pytest_timeout": no_timeout,
}


def inert(plugin, item):
    check = INERT_PLUGINS.get(plugin_name(plugin))
    try:
        return check is not None and bool(check(item))
    except Exception:  # noqa: BLE001 - a plugin of another version than expected is not assumed inert
        return False


class Items:
    """The collected items of one session and how each runs in a candidate's child."""

    def __init__(self, session, own_plugins=()):
        config = session.config
        hooks = config.pluginmanager.hook
        # Plugins other than pytest's own that hook an item's run: a test is called directly only where each is inert.
        foreign = {id(impl.plugin): impl.plugin for name in RUN_HOOKS for impl in getattr(hooks, name).get_hookimpls()
                   if not pytest_own(impl.plugin, own_plugins)}
        plain_run = all(plugin_name(plugin) in INERT_PLUGINS for plugin in foreign.values())
        plain_warnings = (not sys.warnoptions and not config.getini("filterwarnings")
                          and not config.known_args_namespace.pythonwarnings)
        plain_config = (DIRECT_PARAMETER is not None and plain_run and plain_warnings
                        and not config.getoption("setuponly", False))
        # The warning filters pytest sets while a test runs: the same for every test called directly
        # (none has marks), so they are found once, here, instead of per test in every child.
        with warnings.catch_warnings(), catch_warnings_for_item(config=config, ihook=hooks, when="runtest", item=None):
            self.warning_filters = list(warnings.filters)
        self.xfail_imperative_skips = not config.option.runxfail
        # {nodeid: the arguments of a test called directly}; a test missing here runs through pytest's hooks.
        self.direct = {}
        # Node ids of the tests marked xfail: their verdict is pytest's, asserts and all.
        self.xfail = set()
        for item in session.items:
            if item.get_closest_marker("xfail") is not None:
                self.xfail.add(item.nodeid)
            if plain_config and all(inert(plugin, item) for plugin in foreign.values()):
                arguments = direct_arguments(item)
                if arguments is not None:
                    self.direct[item.nodeid] = arguments

    def run(self, item):
        """The item's outcome: "passed", "failed" or "skipped"."""
        arguments = self.direct.get(item.nodeid)
        if arguments is not None:
            return self.run_directly(item, arguments)
        if type(item) is not pytest.Function or item.nodeid in self.xfail:
            return run_protocol(item)
        return run_quickly(item)

    def run_directly(self, item, arguments):
        """What pytest's setup, call and teardown of a plain test function come to: the function
        called under the session's warning filters (pytest's own ones turn a few of its
        deprecations into errors), with the environment variable pytest sets while a test runs.
        Warnings are recorded, as pytest records them, and dropped: they change no outcome."""
        return self.attempt(item, arguments)[0]

    def attempt(self, item, arguments):
        """The outcome of calling a test directly (`call_directly`), and for a failure what it raised."""
        try:
            self.call_directly(item, arguments)
        except XFailed as error:
            # pytest.xfail() inside the test: reported as xfailed (a skip), unless --runxfail.
            return ("skipped", None) if self.xfail_imperative_skips else ("failed", error)
        except Skipped:
            return "skipped", None
        except BaseException as error:  # noqa: BLE001 - whatever the program raises fails the test
            return "failed", error
        return "passed", None

    def call_directly(self, item, arguments):
        """Calls a test function as `run_directly` says, raising what it raises."""
        os.environ["PYTEST_CURRENT_TEST"] = "%s (call)" % item.nodeid
        item.funcargs.update(arguments)
        try:
            with warnings.catch_warnings(record=True):
                # resetwarnings() tells the warnings machinery its filters changed (a public way to).
                warnings.resetwarnings()
                cast(list, warnings.filters).extend(self.warning_filters)
                pytest_pyfunc_call(item)
        finally:
            os.environ.pop("PYTEST_CURRENT_TEST", None)

    def run_described(self, item):
        """Runs a test that `direct` calls directly, for a caller that reports it without pytest's
        reporting (the fast tier's fork server): its outcome ("passed", "failed" or "skipped"),
        its duration in ms, and for a failure a description: the traceback from the test's own
        frame on and the exception, whose text carries pytest's explanation of a failed assert."""
        began = time.perf_counter()
        outcome, error = self.attempt(item, self.direct[item.nodeid])
        return outcome, (time.perf_counter() - began) * 1000, None if error is None else failure_text(error)


def failure_text(error):
    """A failed test's traceback without pytest's frames (as pytest prunes them), then the exception."""
    frames = [frame for frame in traceback.extract_tb(error.__traceback__)
              if not frame.filename.startswith(PYTEST_FILES) and frame.filename != __file__]
    here = os.getcwd() + os.sep
    for frame in frames:
        # Paths in the work folder as pytest shows them, relative to it.
        if frame.filename.startswith(here):
            frame.filename = frame.filename[len(here):]
    return "".join(traceback.format_list(frames) + traceback.format_exception_only(type(error), error))


def direct_arguments(item):
    """The arguments of a test function that can be called directly, or None: a plain Function
    whose every fixture is a direct parametrization, without marks beyond `parametrize`, in a
    chain of nodes whose setup does nothing."""
    if type(item) is not pytest.Function:
        return None
    if any(mark.name != "parametrize" for mark in item.iter_markers()):
        return None
    if not all(type(node) in PLAIN_NODES for node in item.listchain()[:-1]):
        return None
    params = item.callspec.params if hasattr(item, "callspec") else {}
    definitions = item._fixtureinfo.name2fixturedefs
    arguments = {}
    for name in item.fixturenames:
        found = definitions.get(name)
        if name not in params or not found or found[-1].func is not DIRECT_PARAMETER:
            return None
        arguments[name] = params[name]
    return arguments


def run_quickly(item):
    """Runs one test through pytest's setup/call/teardown hooks without building failure reports,
    under the warning filters pytest's protocol sets (a `filterwarnings("error")` mark fails a
    test that warns).

    Reports of failures render tracebacks with source excerpts, which costs more than most
    tests. A phase that passes is still reported (cheap without a traceback): plugins keep
    per-phase results that teardown reads (tmp_path looks up whether the call passed, to decide
    whether to keep its folder, and without it fails every test that uses it). Only a plain test
    function is run so: other items may have their outcome decided while the report is made (a
    unittest.TestCase method's failure is caught by unittest, kept by pytest's addFailure and
    raised only in pytest_runtest_makereport), so without the report a failing TestCase test
    would pass.
    """
    hook = item.ihook
    with catch_warnings_for_item(config=item.config, ihook=hook, when="runtest", item=item):
        # Whatever the program raises fails the test (SystemExit and KeyboardInterrupt included).
        setup = CallInfo.from_call(lambda: hook.pytest_runtest_setup(item=item), when="setup", reraise=None)
        outcome = phase_outcome(item, setup)
        if outcome == "passed":
            call = CallInfo.from_call(lambda: hook.pytest_runtest_call(item=item), when="call", reraise=None)
            outcome = phase_outcome(item, call)
        try:
            hook.pytest_runtest_teardown(item=item, nextitem=None)
        except BaseException:  # noqa: BLE001
            if outcome == "passed":
                outcome = "failed"
    return outcome


def phase_outcome(item, info):
    """A phase's outcome; one that passed is reported, for the plugins that keep phase results.
    pytest.xfail() called in a test is an xfail, reported as skipped (unless --runxfail)."""
    if info.excinfo is not None:
        if info.excinfo.errisinstance(XFailed):
            return "failed" if item.config.option.runxfail else "skipped"
        return "skipped" if info.excinfo.errisinstance(Skipped) else "failed"
    item.ihook.pytest_runtest_makereport(item=item, call=info)
    return "passed"


def run_protocol(item):
    reports = runtestprotocol(item, log=False, nextitem=None)
    if any(report.failed for report in reports):
        return "failed"
    if any(report.skipped for report in reports):
        return "skipped"
    return "passed"
