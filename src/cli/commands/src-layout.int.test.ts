import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunResult } from "../../shared/run-result.js";
import { BY_CANDIDATES, runMend } from "./__fixtures__/spawn-mend.js";
import { writeProject } from "./__fixtures__/write-project.js";

// The src layout as the Python packaging guide and pytest's docs lay it out: the package under
// src/, tests under tests/ importing it by its name, pytest told where it is by `pythonpath`.

const STOCK = `from dataclasses import dataclass, field


@dataclass
class Stock:
    items: dict = field(default_factory=dict)

    def add(self, name: str, count: int) -> None:
        if count <= 0:
            raise ValueError("count must be positive")
        self.items[name] = self.items.get(name, 0) + count

    def remove(self, name: str, count: int) -> None:
        have = self.items.get(name, 0)
        if count > have:
            raise ValueError(f"only {have} {name} in stock")
        self.items[name] = have - count
        if self.items[name] < 0:
            del self.items[name]
`;

const TESTS = `import pytest

from inventory import Stock


def test_add():
    stock = Stock()
    stock.add("apple", 3)
    assert stock.items == {"apple": 3}


def test_remove_all_drops_the_item():
    stock = Stock()
    stock.add("apple", 3)
    stock.remove("apple", 3)
    assert "apple" not in stock.items


def test_remove_too_many():
    stock = Stock()
    stock.add("apple", 1)
    with pytest.raises(ValueError):
        stock.remove("apple", 2)
`;

const PYPROJECT = `[build-system]
requires = ["setuptools>=68"]
build-backend = "setuptools.build_meta"

[project]
name = "inventory"
version = "0.1.0"

[tool.pytest.ini_options]
testpaths = ["tests"]
`;

let base: string;
const layout = (name: string, pytestOptions: string) =>
  writeProject(join(base, name), {
    "pyproject.toml": PYPROJECT + pytestOptions,
    "src/inventory/__init__.py": 'from .stock import Stock\n\n__all__ = ["Stock"]\n',
    "src/inventory/stock.py": STOCK,
    "tests/test_stock.py": TESTS,
    ".git/HEAD": "ref: refs/heads/main\n",
  });

beforeAll(() => {
  base = mkdtempSync(join(tmpdir(), "mend-src-layout-"));
});
afterAll(() => rmSync(base, { recursive: true, force: true }));

describe("a src-layout project", () => {
  it("with pythonpath = [\"src\"]: check gets past imports to the failing test, with no expected value made up for `not in`", async () => {
    const root = layout("configured", 'pythonpath = ["src"]\n');
    const result = await runMend(["check", ".", "--json"], { cwd: root });
    expect(result.code, result.stderr).toBe(1);
    const check = JSON.parse(result.stdout);
    expect(check).toMatchObject({ stage: "tests", errorType: "assertion", tests: { passed: 2, failed: 1 } });
    const failure = check.tests.failures[0];
    expect(failure).toMatchObject({ name: "test_remove_all_drops_the_item", assertion: 'assert "apple" not in stock.items' });
    expect(failure.expected).toBeUndefined();
    expect(check.summary).toMatch(/assert 'apple' not in \{'apple': 0\}/);
  }, 180_000);

  it("with pythonpath = [\"src\"]: repair . fixes the package and is verified by the project's tests", async () => {
    const root = layout("repaired", 'pythonpath = ["src"]\n');
    const result = await runMend(["repair", ".", "--json", "--runs-dir", join(base, "runs")], { cwd: root, env: BY_CANDIDATES });
    expect(result.code, result.stderr).toBe(0);
    const run = JSON.parse(result.stdout) as RunResult;
    expect(run).toMatchObject({ status: "passed", verified: true, verification: { by: "tests", testsRun: 3 } });
    expect(run.files?.["src/inventory/stock.py"]).toContain("if self.items[name] <= 0:");
  }, 240_000);

  it("without it: the tests' own import error, and how to give pytest the src folder", async () => {
    const root = layout("unconfigured", "");
    const result = await runMend(["check", ".", "--json"], { cwd: root });
    expect(result.code, result.stderr).toBe(1);
    const check = JSON.parse(result.stdout);
    expect(check).toMatchObject({ stage: "tests", errorType: "dependency" });
    expect(check.summary).toMatch(/No module named 'inventory'/);
    expect(check.summary).toMatch(/pythonpath = \["src"\]/);
    expect(check.summary).not.toMatch(/pip install inventory/);
  }, 180_000);

  it("installed in editable mode in the project's .venv, not activated: check reaches the failing test", async () => {
    const root = layout("editable", "");
    // What `pip install -e .` leaves for a src layout: a .pth file naming the src folder in the
    // venv's site-packages (setuptools' editable wheel; hatch and pdm write the same kind).
    const venv = join(root, ".venv");
    execFileSync("python3", ["-m", "venv", "--without-pip", venv]);
    const lib = join(venv, "lib");
    const site = join(lib, readdirSync(lib).find((name) => name.startsWith("python3"))!, "site-packages");
    writeFileSync(join(site, "__editable__.inventory-0.1.0.pth"), `${join(root, "src")}\n`);
    const result = await runMend(["check", ".", "--json"], { cwd: root, env: { VIRTUAL_ENV: "" } });
    expect(result.code, result.stderr).toBe(1);
    expect(JSON.parse(result.stdout)).toMatchObject({ stage: "tests", errorType: "assertion", tests: { passed: 2, failed: 1 } });
  }, 180_000);
});
