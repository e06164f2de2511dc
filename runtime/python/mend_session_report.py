"""What pytest prints and writes about a session, made from per-test results after the session.

The fast tier's fork server calls the tests of a plain suite directly in each candidate's child
(see mend_run_item.py), without pytest's reporting plugins, whose first use in a forked child
costs more than the tests: the child only sends each test's result. The server then writes
here, in its own process, the terminal text of `pytest -q` (progress line, failures, short
summary, totals) and a JUnit XML report in the layout of `pytest --junitxml`.
"""

import datetime
import socket
from xml.sax.saxutils import escape, quoteattr

PROGRESS = {"passed": ".", "failed": "F", "error": "E", "skipped": "s"}
WIDTH = 80


def terminal_text(tests, seconds):
    """pytest -q's output for the results ({"name", "outcome", "message"?} in run order)."""
    progress = "".join(PROGRESS[test["outcome"]] for test in tests)
    lines = [progress + "[100%]".rjust(max(1, WIDTH - 1 - len(progress)))]
    failed = [test for test in tests if test["outcome"] in ("failed", "error")]
    if failed:
        lines.append(" FAILURES ".center(WIDTH, "="))
        for test in failed:
            lines.append((" %s " % test["name"].split("::", 1)[-1]).center(WIDTH, "_"))
            lines.append("")
            lines.append(test.get("message", ""))
        lines.append(" short test summary info ".center(WIDTH, "="))
        for test in failed:
            lines.append("%s %s - %s" % ("FAILED" if test["outcome"] == "failed" else "ERROR", test["name"],
                                         headline(test.get("message", ""))))
    counts = []
    for outcome in ("failed", "passed", "skipped", "error"):
        count = sum(test["outcome"] == outcome for test in tests)
        if count:
            counts.append("%d %s" % (count, outcome if outcome != "error" or count == 1 else "errors"))
    lines.append("%s in %.2fs" % (", ".join(counts) or "no tests ran", seconds))
    return "\n".join(lines) + "\n"


def headline(message):
    """The exception line of a failure's description (the last line a traceback does not indent),
    an assert's without its type, as pytest's short summary shows it."""
    lines = [line for line in message.splitlines() if line and not line[0].isspace()]
    line = lines[-1] if lines else ""
    return line[len("AssertionError: "):] if line.startswith("AssertionError: ") else line


def junit_xml(tests, seconds):
    """A JUnit XML report of the results, as `pytest --junitxml` lays it out."""
    cases = []
    for test in tests:
        path, _, name = test["name"].partition("::")
        classname = path[:-3].replace("/", ".") if path.endswith(".py") else path
        if "::" in name:
            owner, name = name.rsplit("::", 1)
            classname += "." + owner.replace("::", ".")
        head = "<testcase classname=%s name=%s time=\"%.3f\"" % (quoteattr(classname), quoteattr(name),
                                                                  test["durationMs"] / 1000)
        message = test.get("message", "")
        if test["outcome"] == "passed":
            cases.append(head + " />")
        elif test["outcome"] == "skipped":
            cases.append(head + "><skipped type=\"pytest.skip\" message=%s>%s</skipped></testcase>"
                         % (quoteattr(headline(message)), escape(message)))
        else:
            tag = "failure" if test["outcome"] == "failed" else "error"
            cases.append(head + "><%s message=%s>%s</%s></testcase>" % (tag, quoteattr(headline(message)), escape(message), tag))
    count = {outcome: sum(test["outcome"] == outcome for test in tests) for outcome in ("failed", "error", "skipped")}
    stamp = datetime.datetime.now(datetime.timezone.utc).isoformat()
    return ('<?xml version="1.0" encoding="utf-8"?><testsuites name="pytest tests"><testsuite name="pytest" '
            'errors="%d" failures="%d" skipped="%d" tests="%d" time="%.3f" timestamp="%s" hostname=%s>%s</testsuite></testsuites>'
            % (count["error"], count["failed"], count["skipped"], len(tests), seconds, stamp, quoteattr(socket.gethostname()),
               "".join(cases)))
