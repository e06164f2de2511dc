import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSandbox } from "../../sandbox/create-sandbox.js";
import { loadTask } from "../../tasks/load-task.js";
import { validate } from "../../validation/validate.js";
import { findPytestConfig } from "./find-pytest-config.js";
import { hasPytestAddopts } from "./pytest-addopts.js";

const sandbox = createSandbox();
let base: string;
beforeAll(() => {
  base = mkdtempSync(join(tmpdir(), "mend-addopts-"));
});
afterAll(async () => {
  await sandbox.close();
  rmSync(base, { recursive: true, force: true });
});

/** A package whose slow integration test is deselected by the project's own addopts, as many projects ship. */
function project(name: string, config: Record<string, string>, price: string): string {
  const root = join(base, name);
  const files: Record<string, string> = {
    ...config,
    "shop/__init__.py": "",
    "shop/price.py": `def net(gross, rate):\n    return ${price}\n`,
    "tests/test_price.py":
      "import pytest\nfrom shop.price import net\n\n\ndef test_net():\n    assert net(120, 0.2) == 100\n\n\ndef test_zero_rate():\n    assert net(50, 0) == 50\n\n\n@pytest.mark.slow\ndef test_against_the_live_rates():\n    assert False, 'needs the rates service'\n",
  };
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(join(root, path, ".."), { recursive: true });
    writeFileSync(join(root, path), content);
  }
  return root;
}

const PYPROJECT = {
  "pyproject.toml": '[project]\nname = "shop"\n\n[tool.pytest.ini_options]\naddopts = "-x -m \'not slow\'"\nmarkers = ["slow: needs services"]\n',
};

async function check(root: string) {
  const { task } = await loadTask({ draft: "shop/price.py", tests: ["tests/test_price.py"], project: true, cwd: root });
  return validate({ language: "python", entry: task.entry, code: task.draft ?? "", tests: task.tests, ...(task.project ? { project: task.project } : {}) }, { sandbox, perTestTimeoutMs: 5000 });
}

describe("a project's pytest addopts", () => {
  it("are found in the file pytest takes: pyproject, setup.cfg, pytest.ini, not a pyproject without a pytest section", () => {
    const cases: Array<[Record<string, string>, boolean]> = [
      [PYPROJECT, true],
      [{ "setup.cfg": "[metadata]\nname = shop\n\n[tool:pytest]\naddopts = -m 'not slow'\n" }, true],
      [{ "pytest.ini": "[pytest]\naddopts = -m 'not slow'\n", "pyproject.toml": '[tool.pytest.ini_options]\nmarkers = ["slow"]\n' }, true],
      [{ "pyproject.toml": '[tool.pytest.ini_options]\nmarkers = ["slow"]\n', "setup.cfg": "[tool:pytest]\naddopts = -x\n" }, false],
      [{ "pyproject.toml": '[project]\nname = "shop"\n' }, false],
    ];
    cases.forEach(([config, expected], i) => {
      const root = project(`find-${i}`, config, "gross / (1 + rate)");
      expect(hasPytestAddopts(findPytestConfig(root, join(root, "tests")))).toBe(expected);
    });
  });

  it("deselect what the project deselects, so a correct program passes as under the user's pytest", { timeout: 120_000 }, async () => {
    const result = await check(project("passing", PYPROJECT, "gross / (1 + rate)"));
    expect(result).toMatchObject({ passed: true, tests: { passed: 2, failed: 0 } });
  });

  it("cannot stop the run at the first failure: every failing test is reported", { timeout: 120_000 }, async () => {
    const result = await check(project("failing", PYPROJECT, "gross * (1 - rate) + 1"));
    expect(result.passed).toBe(false);
    expect(result.tests?.failures.map((failure) => failure.name).sort()).toEqual(["test_net", "test_zero_rate"]);
  });
});
