import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { findPytestConfig } from "./find-pytest-config.js";
import { pytestPythonpath as pythonpathOf } from "./pytest-pythonpath.js";

const pytestPythonpath = (root: string, start: string) => pythonpathOf(root, findPytestConfig(root, start));

const base = mkdtempSync(join(tmpdir(), "mend-pythonpath-"));
afterAll(() => rmSync(base, { recursive: true, force: true }));

function project(name: string, files: Record<string, string>): string {
  const root = join(base, name);
  for (const [path, content] of Object.entries({ "tests/test_x.py": "", ...files })) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), content);
  }
  return root;
}

describe("pytestPythonpath", () => {
  it("reads the src layout's list from pyproject.toml, written on one line or several", () => {
    const one = project("one", { "pyproject.toml": '[project]\nname = "x"\n\n[tool.pytest.ini_options]\npythonpath = ["src"]\ntestpaths = ["tests"]\n' });
    expect(pytestPythonpath(one, join(one, "tests"))).toEqual(["src"]);
    const several = project("several", {
      "pyproject.toml": '[tool.pytest.ini_options]\npythonpath = [\n  "src",  # the package\n  ".",\n]\naddopts = "-q"\n',
    });
    expect(pytestPythonpath(several, join(several, "tests"))).toEqual(["src", ""]);
  });

  it("reads ini files' blank-separated words, relative to the config file's folder", () => {
    const ini = project("ini", { "pytest.ini": "[pytest]\npythonpath = src\n    lib\ntestpaths = tests\n" });
    expect(pytestPythonpath(ini, join(ini, "tests"))).toEqual(["src", "lib"]);
    const cfg = project("cfg", { "backend/setup.cfg": "[metadata]\nname = x\n\n[tool:pytest]\npythonpath = app\n", "backend/tests/test_y.py": "" });
    expect(pytestPythonpath(cfg, join(cfg, "backend/tests"))).toEqual(["backend/app"]);
  });

  it("takes the file pytest takes, and nothing outside the project", () => {
    // pytest.ini wins over pyproject.toml in the same folder, even without pythonpath.
    const both = project("both", { "pytest.ini": "[pytest]\naddopts = -q\n", "pyproject.toml": '[tool.pytest.ini_options]\npythonpath = ["src"]\n' });
    expect(pytestPythonpath(both, join(both, "tests"))).toEqual([]);
    const outside = project("outside", { "pyproject.toml": '[tool.pytest.ini_options]\npythonpath = ["../elsewhere", "src"]\n' });
    expect(pytestPythonpath(outside, join(outside, "tests"))).toEqual(["src"]);
    expect(pytestPythonpath(project("none", {}), join(base, "none", "tests"))).toEqual([]);
  });
});
