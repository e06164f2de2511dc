"""Shared helpers for the tests of the runtime programs: each program runs as mendloop runs it,
a real python3 process in a work folder holding the program's files."""

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

PROGRAMS = Path(__file__).resolve().parent.parent


def copy_programs(folder: Path, names: "dict[str, str]") -> None:
    """Copies runtime programs into a work folder, under the file names mendloop gives them there."""
    for source, target in names.items():
        shutil.copyfile(PROGRAMS / source, folder / target)


def write_files(folder: Path, files: "dict[str, str]") -> None:
    for rel, content in files.items():
        path = folder / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(content, encoding="utf-8")


def run_python(folder: Path, args: "list[str]", env: "dict[str, str] | None" = None, stdin: str = "",
               timeout: float = 120) -> "subprocess.CompletedProcess[str]":
    full_env = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1", **(env or {})}
    return subprocess.run([sys.executable, *args], cwd=folder, env=full_env, input=stdin, capture_output=True,
                          text=True, timeout=timeout, check=False)


def read_ndjson(path: Path) -> "list[dict]":
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]

