"""The static analysis script (mend_analyze.py): syntax, imports, network use and missing names."""

import json
from pathlib import Path

from conftest import copy_programs, run_python, write_files


def analyze(
    work: Path, files: "dict[str, str]", program: "list[str]", tests: "list[str]", roots: "list[str] | None" = None,
) -> dict:
    copy_programs(work, {"mend_analyze.py": "mend_analyze.py"})
    write_files(work, files)
    request = {"program": program, "tests": tests, **({"roots": roots} if roots is not None else {})}
    done = run_python(work, ["mend_analyze.py"], stdin=json.dumps(request))
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def test_a_clean_task_resolves_its_imports_by_where_they_come_from(tmp_path: Path) -> None:
    report = analyze(tmp_path, {
        "median.py": "import statistics\n\n\ndef median(values):\n    return statistics.median(values)\n",
        "test_median.py": "import pytest\n\nfrom median import median\n\n\ndef test_odd():\n    assert median([3, 1, 2]) == 2\n",
    }, ["median.py"], ["test_median.py"])
    assert report["syntax"] == []
    resolved = {entry["module"]: entry["resolved"] for entry in report["imports"]}
    assert resolved == {"statistics": "stdlib", "pytest": "installed", "median": "task"}
    assert report["network"] == []
    assert report["missing_names"] == []


def test_syntax_errors_missing_modules_names_and_network_use_are_reported_where_they_are(tmp_path: Path) -> None:
    report = analyze(tmp_path, {
        "fetch.py": "import requests_that_do_not_exist\nimport socket\n\n\n"
                    "def get(url):\n    return socket.create_connection((url, 80))\n",
        "broken.py": "def f(:\n    pass\n",
        "test_fetch.py": "from fetch import gett\n",
    }, ["fetch.py", "broken.py"], ["test_fetch.py"])
    assert [(entry["file"], entry["line"], entry["type"]) for entry in report["syntax"]] == [("broken.py", 1, "SyntaxError")]
    missing = [entry["module"] for entry in report["imports"] if entry["resolved"] == "missing"]
    assert missing == ["requests_that_do_not_exist"]
    assert {(hit["file"], hit["what"]) for hit in report["network"]} >= {("fetch.py", "socket")}
    assert [(entry["name"], entry["target"]) for entry in report["missing_names"]] == [("gett", "fetch.py")]


def test_the_project_packages_under_its_pythonpath_or_src_layout_are_its_own(tmp_path: Path) -> None:
    files = {
        "src/inventory/__init__.py": "from .stock import Stock\n",
        "src/inventory/stock.py": "class Stock:\n    pass\n",
        "lib/helpers.py": "def helper():\n    return 1\n",
        "tests/test_stock.py": "from inventory.stock import Stok\nfrom helpers import helper\nimport not_installed_anywhere\n",
    }
    program = ["src/inventory/__init__.py", "src/inventory/stock.py", "lib/helpers.py"]
    report = analyze(tmp_path, files, program, ["tests/test_stock.py"], roots=["lib"])
    resolved = {entry["module"]: entry["resolved"] for entry in report["imports"]}
    assert resolved == {"inventory.stock": "task", "helpers": "task", "not_installed_anywhere": "missing"}
    assert [(entry["name"], entry["target"]) for entry in report["missing_names"]] == [("Stok", "src/inventory/stock.py")]
    # Without roots the src layout still counts; a folder nobody names does not.
    bare = analyze(tmp_path, files, program, ["tests/test_stock.py"])
    assert {entry["module"]: entry["resolved"] for entry in bare["imports"]}["helpers"] == "missing"
    assert {entry["module"]: entry["resolved"] for entry in bare["imports"]}["inventory.stock"] == "task"


def test_imports_in_both_branches_of_an_if_are_alternatives_not_requirements(tmp_path: Path) -> None:
    report = analyze(tmp_path, {
        "python_programs/gcd.py": "def gcd(a, b):\n    return a\n",
        "python_testcases/test_gcd.py": (
            "import pytest\n\nif pytest.use_correct:\n    from correct_python_programs.gcd import gcd\n"
            "else:\n    from python_programs.gcd import gcd\n\nimport not_installed_anywhere\n"
        ),
    }, ["python_programs/gcd.py"], ["python_testcases/test_gcd.py"])
    assert [entry["module"] for entry in report["imports"] if entry["resolved"] == "missing"] == ["not_installed_anywhere"]
