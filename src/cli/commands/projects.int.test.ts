import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { symlinkSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BY_CANDIDATES, expectUsageExit, runMend } from "./__fixtures__/spawn-mend.js";
import { writeProject } from "./__fixtures__/write-project.js";

/** QuixBugs as published: programs beside node.py, tests that load JSON test data through a helper, a root conftest.py. */
const QUIXBUGS = fileURLToPath(new URL("../../tasks/__fixtures__/quixbugs", import.meta.url));
const SLOW = { timeout: 240_000 };

let base: string;
let clone: string;
let flat: string;

/** The same programs made self-contained, as people do by hand: program and test in one folder, data inline. */
function selfContained(dir: string): void {
  mkdirSync(dir);
  for (const name of ["gcd", "detect_cycle"]) {
    writeFileSync(join(dir, `${name}.py`), readFileSync(join(clone, "python_programs", `${name}.py`)));
  }
  const cases = readFileSync(join(clone, "json_testcases", "gcd.json"), "utf8").trim().split("\n").join(", ");
  writeFileSync(
    join(dir, "test_gcd.py"),
    `import pytest\nfrom gcd import gcd\n\n\n@pytest.mark.parametrize("input_data,expected", [${cases}])\ndef test_gcd(input_data, expected):\n    assert gcd(*input_data) == expected\n`,
  );
  const cycleTests = readFileSync(join(clone, "python_testcases", "test_detect_cycle.py"), "utf8")
    .replace("from python_programs.node import Node\n", readFileSync(join(clone, "python_programs", "node.py"), "utf8"))
    .replace(/if pytest\.use_correct:\n.*\nelse:\n\s+from python_programs\.detect_cycle import detect_cycle\n/, "from detect_cycle import detect_cycle\n");
  writeFileSync(join(dir, "test_detect_cycle.py"), cycleTests);
}

beforeAll(() => {
  base = mkdtempSync(join(tmpdir(), "mend-projects-"));
  clone = join(base, "QuixBugs");
  cpSync(QUIXBUGS, clone, { recursive: true });
  mkdirSync(join(clone, ".git"));
  flat = join(base, "flat");
  selfContained(flat);
});
afterAll(() => rmSync(base, { recursive: true, force: true }));

interface CheckJson {
  passed: boolean;
  stage: string;
  errorType?: string;
  tests?: { passed: number; failed: number; errors: number; failures: Array<{ name: string; expected?: string; actual?: string }> };
}

/** What a verdict says, without the paths that differ between the layouts. */
function verdict(check: CheckJson) {
  const { passed, failed, errors, failures } = check.tests ?? { passed: 0, failed: 0, errors: 0, failures: [] };
  const failed_ = failures.map((failure) => [failure.name, failure.expected, failure.actual]);
  return [check.passed, check.stage, check.errorType, passed, failed, errors, failed_];
}

describe("a project laid out as QuixBugs is", () => {
  for (const name of ["gcd", "detect_cycle"]) {
    it(`checks ${name} from the repository root with the verdict of the self-contained program`, SLOW, async () => {
      const [inProject, alone] = await Promise.all([
        runMend(["check", `python_programs/${name}.py`, "--tests", `python_testcases/test_${name}.py`, "--json"], { cwd: clone }),
        runMend(["check", `${name}.py`, "--tests", `test_${name}.py`, "--json"], { cwd: flat }),
      ]);
      const a = JSON.parse(inProject.stdout) as CheckJson;
      const b = JSON.parse(alone.stdout) as CheckJson;
      expect(a.stage).toBe("tests");
      expect(verdict(a)).toEqual(verdict(b));
      expect(inProject.code).toBe(1);
    });
  }

  it("repairs a program its tests reach with a data file and a conftest option, as the self-contained one", SLOW, async () => {
    const inProject = await runMend(["repair", "python_programs/gcd.py", "--tests", "python_testcases/test_gcd.py", "--json"], { cwd: clone, env: BY_CANDIDATES });
    const alone = await runMend(["repair", "gcd.py", "--tests", "test_gcd.py", "--json"], { cwd: flat, env: BY_CANDIDATES });
    const a = JSON.parse(inProject.stdout) as { verified: boolean; code: string };
    const b = JSON.parse(alone.stdout) as { verified: boolean; code: string };
    expect(a.verified).toBe(true);
    expect(a.code).toBe(b.code);
    expect(a.code).toContain("return gcd(b, a % b)");
    // Nothing was written to the user's tree without --write.
    expect(readFileSync(join(clone, "python_programs", "gcd.py"), "utf8")).toContain("return gcd(a % b, b)");
  });

  it("refuses a file outside --root with exit 2", async () => {
    const result = await runMend(["check", join(flat, "gcd.py"), "--root", clone, "--tests", "python_testcases/test_gcd.py"], { cwd: clone });
    expectUsageExit(result, /outside the project root .*--root/);
  });
});

describe("a JavaScript project (ESM, a JSON import, the bug in a module the tests reach through another)", () => {
  const CART = {
    "package.json": '{ "name": "cart", "type": "module", "scripts": { "test": "node --test" } }\n',
    "data/rates.json": '{ "eu": 0.2, "us": 0.1 }\n',
    "src/round.js": "export function round(x) {\n  return Math.round(x * 100) / 100;\n}\n",
    "src/prices.js":
      'import rates from "../data/rates.json" with { type: "json" };\nimport { round } from "./round.js";\n\nexport function withTax(amount, region) {\n  const rate = rates[region];\n  return round(amount * (1 - rate));\n}\n',
    "src/cart.js": 'import { withTax } from "./prices.js";\n\nexport function total(items, region) {\n  return items.reduce((sum, item) => sum + withTax(item.price * item.qty, region), 0);\n}\n',
    "test/cart.test.js":
      'import { test } from "node:test";\nimport assert from "node:assert/strict";\nimport { total } from "../src/cart.js";\n\ntest("eu cart", () => {\n  assert.equal(total([{ price: 10, qty: 2 }], "eu"), 24);\n});\ntest("us cart", () => {\n  assert.equal(total([{ price: 5, qty: 1 }, { price: 1, qty: 10 }], "us"), 16.5);\n});\ntest("empty cart", () => {\n  assert.equal(total([], "us"), 0);\n});\n',
  };

  it("repairs the module from the project root with no extra flags", SLOW, async () => {
    const root = join(base, "cart");
    writeProject(root, CART);
    const result = await runMend(["repair", "src/prices.js", "--tests", "test/cart.test.js", "--json"], { cwd: root, env: BY_CANDIDATES });
    const json = JSON.parse(result.stdout) as { verified: boolean; code: string };
    expect(json.verified).toBe(true);
    expect(json.code).toContain("amount * (1 + rate)");
  });

  it("names a package the tests import but the project has not installed, with the project's install command", SLOW, async () => {
    const root = join(base, "cart-pnpm");
    writeProject(root, {
      ...CART,
      "pnpm-lock.yaml": "lockfileVersion: '9.0'\n",
      "test/cart.test.js": `import fc from "fast-check";\n${CART["test/cart.test.js"]}`,
    });
    const result = await runMend(["check", "src/prices.js", "--tests", "test/cart.test.js", "--json"], { cwd: root });
    const json = JSON.parse(result.stdout) as CheckJson & { summary: string };
    expect([json.stage, json.errorType]).toEqual(["imports", "dependency"]);
    expect(json.summary).toContain("'fast-check'");
    expect(json.summary).toContain("pnpm add -D fast-check");
  });
});

describe("a Python project's missing dependency", () => {
  it("is diagnosed as dependency with the install command of the project's tool", SLOW, async () => {
    const root = join(base, "stats");
    writeProject(root, {
      "pyproject.toml": '[project]\nname = "stats"\n',
      "uv.lock": "version = 1\n",
      "stats/__init__.py": "",
      "stats/mean.py": "def mean(xs):\n    return sum(xs) / len(xs)\n",
      "tests/test_mean.py": "from freezegun import freeze_time\nfrom stats.mean import mean\n\n\ndef test_mean():\n    assert mean([1, 2, 3]) == 2\n",
    });
    const result = await runMend(["check", "stats/mean.py", "--tests", "tests/test_mean.py", "--json"], { cwd: root });
    const json = JSON.parse(result.stdout) as CheckJson & { summary: string };
    expect([json.stage, json.errorType]).toEqual(["imports", "dependency"]);
    expect(json.summary).toContain("uv add --dev freezegun");
  });
});

/** The repository's own installed packages, linked into a project's node_modules as `npm link` would. */
const REPO_MODULES = fileURLToPath(new URL("../../../node_modules", import.meta.url));

describe("a project's own test runner", () => {
  const link = (root: string, name: string) => {
    mkdirSync(join(root, "node_modules"), { recursive: true });
    symlinkSync(join(REPO_MODULES, name), join(root, "node_modules", name));
  };
  const checkout = {
    "src/discount.js": "export function discount(total) {\n  if (total > 100) return total * 0.1;\n  return 0;\n}\n",
    "src/checkout.js": 'import { discount } from "./discount.js";\n\nexport function pay(total) {\n  return total - discount(total);\n}\n',
  };

  it("runs vitest, detected from the tests' import, with expected and actual from its JSON report", SLOW, async () => {
    const root = join(base, "checkout-vitest");
    writeProject(root, {
      ...checkout,
      "package.json": '{ "name": "checkout", "type": "module", "scripts": { "test": "vitest run" }, "devDependencies": { "vitest": "4.1.12" } }\n',
      "test/checkout.test.js":
        'import { describe, expect, it } from "vitest";\nimport { pay } from "../src/checkout.js";\n\ndescribe("pay", () => {\n  it("no discount under 100", () => expect(pay(50)).toBe(50));\n  it("discount from 100", () => expect(pay(100)).toBe(90));\n});\n',
    });
    link(root, "vitest");
    const result = await runMend(["check", "src/discount.js", "--tests", "test/checkout.test.js", "--json"], { cwd: root });
    const json = JSON.parse(result.stdout) as CheckJson;
    expect([json.stage, json.errorType]).toEqual(["tests", "assertion"]);
    expect(json.tests?.passed).toBe(1);
    expect(json.tests?.failures.map((failure) => [failure.name, failure.expected, failure.actual])).toEqual([["pay discount from 100", "90", "100"]]);
  });

  it("runs jest, detected from package.json (global expect, CommonJS), with its matcher's expected and actual", SLOW, async () => {
    const root = join(base, "fizz-jest");
    writeProject(root, {
      "package.json": '{ "name": "fizz", "scripts": { "test": "jest" }, "devDependencies": { "jest": "30.5.2" } }\n',
      "lib/fizz.js": 'function fizz(n) {\n  if (n % 15 === 0) return "FizzBuzz";\n  if (n % 3 === 0) return "Fizz";\n  if (n % 5 === 1) return "Buzz";\n  return String(n);\n}\n\nmodule.exports = { fizz };\n',
      "lib/game.js": 'const { fizz } = require("./fizz");\n\nfunction play(n) {\n  return Array.from({ length: n }, (_, i) => fizz(i + 1));\n}\n\nmodule.exports = { play };\n',
      "__tests__/game.test.js": 'const { play } = require("../lib/game");\n\ntest("first five", () => {\n  expect(play(5)).toEqual(["1", "2", "Fizz", "4", "Buzz"]);\n});\n\ntest("none", () => {\n  expect(play(0)).toEqual([]);\n});\n',
    });
    link(root, "jest");
    const result = await runMend(["check", "lib/fizz.js", "--tests", "__tests__/game.test.js", "--json"], { cwd: root });
    const json = JSON.parse(result.stdout) as CheckJson;
    expect([json.stage, json.errorType]).toEqual(["tests", "assertion"]);
    expect(json.tests?.passed).toBe(1);
    const [failure] = json.tests?.failures ?? [];
    expect(failure?.name).toBe("first five");
    expect(failure?.expected).toBe('["1","2","Fizz","4","Buzz"]');
    expect(failure?.actual).toBe('["Buzz","2","Fizz","4","5"]');
  });

  it("repairs with no model a vitest project and a jest project, the bug in a module the tests reach through another", SLOW, async () => {
    const vitestRoot = join(base, "checkout-vitest-repair");
    writeProject(vitestRoot, {
      ...checkout,
      "package.json": '{ "name": "checkout", "type": "module", "scripts": { "test": "vitest run" }, "devDependencies": { "vitest": "4.1.12" } }\n',
      "test/checkout.test.js":
        'import { describe, expect, it } from "vitest";\nimport { pay } from "../src/checkout.js";\n\ndescribe("pay", () => {\n  it("no discount under 100", () => expect(pay(50)).toBe(50));\n  it("discount from 100", () => expect(pay(100)).toBe(90));\n  it("discount above", () => expect(pay(200)).toBe(180));\n});\n',
    });
    link(vitestRoot, "vitest");
    const jestRoot = join(base, "fizz-jest-repair");
    writeProject(jestRoot, {
      "package.json": '{ "name": "fizz", "scripts": { "test": "jest" }, "devDependencies": { "jest": "30.5.2" } }\n',
      "lib/fizz.js": 'function fizz(n) {\n  if (n % 15 === 0) return "FizzBuzz";\n  if (n % 3 === 0) return "Fizz";\n  if (n % 5 === 1) return "Buzz";\n  return String(n);\n}\n\nmodule.exports = { fizz };\n',
      "lib/game.js": 'const { fizz } = require("./fizz");\n\nfunction play(n) {\n  return Array.from({ length: n }, (_, i) => fizz(i + 1));\n}\n\nmodule.exports = { play };\n',
      "__tests__/game.test.js": 'const { play } = require("../lib/game");\n\ntest("first five", () => {\n  expect(play(5)).toEqual(["1", "2", "Fizz", "4", "Buzz"]);\n});\n\ntest("ten and fifteen", () => {\n  expect(play(15).slice(9)).toEqual(["Buzz", "11", "Fizz", "13", "14", "FizzBuzz"]);\n});\n',
    });
    link(jestRoot, "jest");
    const [vitest, jest] = await Promise.all([
      runMend(["repair", "src/discount.js", "--tests", "test/checkout.test.js", "--json", "--no-review", "--runs-dir", join(base, "runs")], { cwd: vitestRoot, env: BY_CANDIDATES }),
      runMend(["repair", "lib/fizz.js", "--tests", "__tests__/game.test.js", "--json", "--no-review", "--runs-dir", join(base, "runs")], { cwd: jestRoot, env: BY_CANDIDATES }),
    ]);
    const runs = [vitest, jest].map((result) => JSON.parse(result.stdout) as { verified: boolean; code: string; attempts: Array<{ source: string }> });
    expect(vitest.code, vitest.stderr).toBe(0);
    expect(jest.code, jest.stderr).toBe(0);
    for (const run of runs) expect(run.attempts.map((attempt) => attempt.source)).toEqual(["draft", "offline"]);
    expect(runs[0]?.code).toContain("if (total >= 100) return total * 0.1;");
    expect(runs[1]?.code).toContain('if (n % 5 === 0) return "Buzz";');
  });

  it("says to install the runner when the project asks for one it has not installed", SLOW, async () => {
    const root = join(base, "fizz-no-jest");
    writeProject(root, {
      "package.json": '{ "name": "fizz", "devDependencies": { "jest": "30.5.2" } }\n',
      "yarn.lock": "",
      "lib/fizz.js": 'module.exports = { fizz: (n) => String(n) };\n',
      "__tests__/fizz.test.js": 'const { fizz } = require("../lib/fizz");\n\ntest("one", () => {\n  expect(fizz(1)).toBe("1");\n});\n',
    });
    const result = await runMend(["check", "lib/fizz.js", "--tests", "__tests__/fizz.test.js", "--json"], { cwd: root });
    const json = JSON.parse(result.stdout) as CheckJson & { summary: string };
    expect([json.stage, json.errorType]).toEqual(["tests", "dependency"]);
    expect(json.summary).toContain("yarn add --dev jest");
  });
});

describe("--test-cmd", () => {
  const STATS = {
    "pyproject.toml": '[project]\nname = "stats"\n',
    "stats/__init__.py": "",
    "stats/mean.py": "def mean(xs):\n    return sum(xs) / (len(xs) + 1)\n",
    "tests/test_mean.py": "from stats.mean import mean\n\n\ndef test_three():\n    assert mean([1, 2, 3]) == 2\n\n\ndef test_one():\n    assert mean([0]) == 0\n",
    "tests/run.py": "import sys\n\nfrom stats.mean import mean\n\nsys.exit(0 if mean([1, 2, 3]) == 2 else 1)\n",
  };

  it("reads per-test results from the JUnit XML the command writes", SLOW, async () => {
    const root = join(base, "stats-junit");
    writeProject(root, STATS);
    const command = "python3 -m pytest -q -p no:cacheprovider --junitxml=$MEND_JUNIT_FILE tests";
    const result = await runMend(["check", "stats/mean.py", "--test-cmd", command, "--json"], { cwd: root });
    const json = JSON.parse(result.stdout) as CheckJson;
    expect(result.code).toBe(1);
    expect(json.stage).toBe("tests");
    expect([json.tests?.passed, json.tests?.failed]).toEqual([1, 1]);
    expect(json.tests?.failures.map((failure) => failure.name)).toEqual(["tests.test_mean > test_three"]);
  });

  it("takes the exit status as the verdict when the command writes no report", SLOW, async () => {
    const root = join(base, "stats-status");
    writeProject(root, STATS);
    const failing = await runMend(["check", "stats/mean.py", "--test-cmd", "PYTHONPATH=. python3 tests/run.py", "--json"], { cwd: root });
    expect(failing.code).toBe(1);
    expect((JSON.parse(failing.stdout) as CheckJson & { summary: string }).summary).toContain("exited 1");
    writeFileSync(join(root, "stats", "mean.py"), "def mean(xs):\n    return sum(xs) / len(xs)\n");
    const passing = await runMend(["check", "stats/mean.py", "--test-cmd", "PYTHONPATH=. python3 tests/run.py", "--json"], { cwd: root });
    expect(passing.code).toBe(0);
  });
});

describe("examples as tests for a program deeper than the project root", () => {
  it("verifies a Python module two folders down by its doctests, and a JavaScript one by its @example lines", SLOW, async () => {
    const root = join(base, "deep-examples");
    writeProject(root, {
      "pyproject.toml": '[project]\nname = "tools"\n',
      "tools/deep/clamp.py": 'def clamp(x, lo, hi):\n    """Clamp x to [lo, hi].\n\n    >>> clamp(5, 0, 3)\n    3\n    >>> clamp(-1, 0, 3)\n    0\n    """\n    return max(lo, max(x, hi))\n',
      "web/package.json": '{ "name": "web", "type": "module" }\n',
      "web/src/util/clamp.js": "/**\n * @example clamp(5, 0, 3) // => 3\n * @example clamp(-1, 0, 3) // => 0\n */\nexport function clamp(x, lo, hi) {\n  return Math.max(lo, Math.max(x, hi));\n}\n",
    });
    const [python, javascript] = await Promise.all([
      runMend(["repair", "tools/deep/clamp.py", "--json", "--no-review", "--runs-dir", join(base, "runs")], { cwd: root, env: BY_CANDIDATES }),
      runMend(["repair", "web/src/util/clamp.js", "--json", "--no-review", "--runs-dir", join(base, "runs")], { cwd: root, env: BY_CANDIDATES }),
    ]);
    for (const result of [python, javascript]) {
      const run = JSON.parse(result.stdout) as { verified: boolean; verification: { by: string; testsRun: number }; attempts: Array<{ testsTotal?: number }> };
      expect(result.code, result.stderr).toBe(0);
      expect(run.verification).toEqual({ by: "examples", testsRun: 2 });
      // The draft's examples ran and failed first: they reached the program where it lies.
      expect(run.attempts[0]?.testsTotal).toBe(2);
    }
  });
});
