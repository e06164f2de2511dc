"""pytest's report of a session made from per-test results (mend_session_report.py), checked
against what pytest itself prints and writes for the same outcomes."""

import sys
import xml.etree.ElementTree as ElementTree
from pathlib import Path

from conftest import PROGRAMS, run_python, write_files

sys.path.insert(0, str(PROGRAMS))
from mend_session_report import headline, junit_xml, terminal_text

TESTS = {
    "test_mix.py": "import pytest\n\n\ndef test_ok():\n    pass\n\n\ndef test_bad():\n    assert 1 + 1 == 3\n\n\n"
                   "def test_skip():\n    pytest.skip('later')\n",
}
RESULTS = [
    {"name": "test_mix.py::test_ok", "outcome": "passed", "durationMs": 1},
    {"name": "test_mix.py::test_bad", "outcome": "failed", "durationMs": 2,
     "message": '  File "test_mix.py", line 9, in test_bad\n    assert 1 + 1 == 3\nAssertionError: assert (1 + 1) == 3\n'},
    {"name": "test_mix.py::test_skip", "outcome": "skipped", "durationMs": 0},
]


def test_the_terminal_text_has_pytests_progress_summary_and_totals(tmp_path: Path) -> None:
    write_files(tmp_path, TESTS)
    real = run_python(tmp_path, ["-m", "pytest", "-q", "-p", "no:cacheprovider", "test_mix.py"]).stdout.splitlines()
    ours = terminal_text(RESULTS, 0.01).splitlines()
    assert ours[0] == real[0]
    assert "FAILED test_mix.py::test_bad - assert (1 + 1) == 3" in real
    assert "FAILED test_mix.py::test_bad - assert (1 + 1) == 3" in ours
    assert ours[-1] == "1 failed, 1 passed, 1 skipped in 0.01s"
    assert real[-1].startswith("1 failed, 1 passed, 1 skipped in ")


def test_the_junit_xml_counts_and_names_the_cases_as_pytest_does(tmp_path: Path) -> None:
    write_files(tmp_path, TESTS)
    run_python(tmp_path, ["-m", "pytest", "-q", "-p", "no:cacheprovider", "--junitxml", "real.xml", "test_mix.py"])
    real = ElementTree.parse(tmp_path / "real.xml").getroot().find("testsuite")
    ours = ElementTree.fromstring(junit_xml(RESULTS, 0.01)).find("testsuite")
    assert real is not None and ours is not None
    for key in ("errors", "failures", "skipped", "tests"):
        assert ours.get(key) == real.get(key)
    shape = [(case.get("classname"), case.get("name"), [child.tag for child in case]) for case in real]
    assert [(case.get("classname"), case.get("name"), [child.tag for child in case]) for case in ours] == shape


def test_the_headline_is_the_exception_line_without_assertion_errors_type() -> None:
    assert headline('  File "x.py", line 1\nIndexError: list index out of range\n') == "IndexError: list index out of range"
    assert headline("AssertionError: assert 3 == 2.5\n +  where 3 = f()\n") == "assert 3 == 2.5"
