"""Prints the outcome of each test of a suite as JSON, found one of two ways: `pytest`, pytest's
own run of the suite, or `mend`, each collected item run by mend_run_item.py in a forked child of
the collected session, as the repair runner runs candidates. The last line also names the tests
mend_run_item.py called directly.

Usage: python3 item_outcomes.py pytest|mend TEST_FILE..., in the suite's folder, beside mend_run_item.py.
"""
import json
import os
import sys

import pytest

sys.path.insert(0, os.getcwd())
import mend_run_item

OUT = os.fdopen(os.dup(1), "w")


class PytestOutcomes:
    def __init__(self):
        self.outcomes = {}

    def pytest_runtest_logreport(self, report):
        current = self.outcomes.get(report.nodeid, "passed")
        if report.failed:
            current = "failed"
        elif report.skipped and current != "failed":
            current = "skipped"
        self.outcomes[report.nodeid] = current


class MendOutcomes:
    def __init__(self):
        self.outcomes = {}
        self.direct = []

    @pytest.hookimpl(tryfirst=True)
    def pytest_runtestloop(self, session):
        runs = mend_run_item.Items(session, own_plugins=[self])
        self.direct = sorted(runs.direct)
        for item in session.items:
            read_fd, write_fd = os.pipe()
            pid = os.fork()
            if pid == 0:
                devnull = os.open(os.devnull, os.O_RDWR)
                for fd in (0, 1, 2):
                    os.dup2(devnull, fd)
                os.write(write_fd, runs.run(item).encode())
                os._exit(0)
            os.close(write_fd)
            os.waitpid(pid, 0)
            self.outcomes[item.nodeid] = os.read(read_fd, 100).decode() or "died"
            os.close(read_fd)
        return True


plugin = PytestOutcomes() if sys.argv[1] == "pytest" else MendOutcomes()
pytest.main(["-q", "-p", "no:cacheprovider", *sys.argv[2:]], plugins=[plugin])
OUT.write(json.dumps({"outcomes": plugin.outcomes, "direct": getattr(plugin, "direct", [])}) + "\n")
OUT.flush()
