import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunResult } from "../../shared/run-result.js";
import { cannedReplies, startScriptedServer } from "../../testkit/index.js";
import { BY_CANDIDATES, runMend } from "./__fixtures__/spawn-mend.js";
import { writeProject } from "./__fixtures__/write-project.js";

// Verified means tested: code no test ran on is never reported verified; examples in the
// docstring or the requirement are tests when the user gives none.

let dir: string;
const runsDir = () => join(dir, "runs");
const jsonOf = (stdout: string) => JSON.parse(stdout) as RunResult;

const RUNNING_MAX = `def running_max(values):
    """Return the largest value seen so far at each position.

    >>> running_max([1, 3, 2, 5, 4])
    [1, 3, 3, 5, 5]
    >>> running_max([])
    []
    """
    result = []
    best = None
    for value in values:
        if best is None or value < best:
            best = value
        result.append(best)
    return result
`;

// The examples live in the JSDoc; the same module as an ES module and as CommonJS.
const CLAMP_BODY = `/**
 * Limits value to the range [low, high].
 * @example clamp(5, 0, 10) // => 5
 * @example clamp(-3, 0, 10) // => 0
 * @example clamp(42, 0, 10) // => 10
 */
function clamp(value, low, high) {
  if (value < low) return low;
  if (value < high) return high;
  return value;
}
`;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "mend-cli-verify-"));
  writeFileSync(join(dir, "add.py"), "def add(a, b):\n    return a - b\n");
  writeFileSync(join(dir, "running_max.py"), RUNNING_MAX);
  writeFileSync(join(dir, "clamp.js"), `${CLAMP_BODY}\nexport { clamp };\n`);
  writeFileSync(join(dir, "clamp_cjs.js"), `${CLAMP_BODY}\nmodule.exports = { clamp };\n`);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("no tests, no examples: not verified", () => {
  it("a draft that passes syntax and lint ends no_tests, exit 1, and says how to give tests", async () => {
    const result = await runMend(["run", "--draft", "add.py", "--prompt", "Return the sum of a and b.", "--json", "--runs-dir", runsDir()], { cwd: dir });
    expect(result.code, result.stderr).toBe(1);
    const run = jsonOf(result.stdout);
    expect(run).toMatchObject({ status: "failed", reason: "no_tests", verified: false, verification: { by: "none", testsRun: 0 } });
    expect(run.attempts).toMatchObject([{ source: "draft", stage: "ok" }]);
    expect(run.message).toMatch(/--tests PATH/);
    expect(run.message).toMatch(/>>> /);
    expect(result.stderr).toMatch(/mend: stopped: no_tests/);
  }, 180_000);

  it("names the project's tests that import the program, as --tests would take them, and still ends no_tests", async () => {
    const project = mkdtempSync(join(tmpdir(), "mend-cli-project-tests-"));
    try {
      writeProject(project, {
        "package.json": JSON.stringify({ name: "csv-stats", version: "1.0.0", scripts: { test: "jest" } }),
        "lib/stats.js": "function mean(values) {\n  return values.reduce((a, b) => a + b, 0) / values.length;\n}\n\nmodule.exports = { mean };\n",
        "lib/parse.js": "module.exports = { parse: (text) => text.split(\",\") };\n",
        "__tests__/stats.test.js": 'const { mean } = require("../lib/stats");\n\ntest("mean", () => {\n  expect(mean([1, 2])).toBe(1.5);\n});\n',
        "__tests__/parse.test.js": 'const { parse } = require("../lib/parse");\n\ntest("parse", () => {\n  expect(parse("a,b")).toEqual(["a", "b"]);\n});\n',
      });
      const result = await runMend(["repair", "lib/stats.js", "--json", "--runs-dir", runsDir()], { cwd: project });
      expect(result.code, result.stderr).toBe(1);
      expect(jsonOf(result.stdout)).toMatchObject({ reason: "no_tests", verified: false });
      const hint = result.stderr.split("\n").find((line) => line.includes("no tests given"));
      expect(hint).toBe("mend: no tests given, and the project has tests that import lib/stats.js: __tests__/stats.test.js; to verify by them, add --tests __tests__/stats.test.js");
    } finally {
      rmSync(project, { recursive: true, force: true });
    }
  }, 180_000);

  it("the same with a model told not to write tests: its code is returned unverified after one call", async () => {
    const server = await startScriptedServer([{ reply: cannedReplies.python.right }]);
    try {
      const args = ["run", "--prompt", "Write median(values) in median.py.", "--lang", "python", "--no-generate-tests", "--json", "--runs-dir", runsDir()];
      const result = await runMend([...args, "--model", "openai:scripted", "--base-url", server.url], { cwd: dir, env: { OPENAI_API_KEY: "test-key" } });
      expect(result.code, result.stderr).toBe(1);
      const run = jsonOf(result.stdout);
      expect(run).toMatchObject({ status: "failed", reason: "no_tests", verified: false, verification: { by: "none", testsRun: 0 } });
      expect(run.code).toContain("def median(values):");
      expect(server.requests).toHaveLength(1);
    } finally {
      await server.close();
    }
  }, 180_000);
});

describe("generated tests", () => {
  it("with a model and no tests, the model's tests verify the code, and the closing line says so", async () => {
    const tests = [
      "I wrote these from the requirement:",
      "",
      "```python",
      "from median import median",
      "",
      "",
      "def test_odd():",
      "    assert median([3, 1, 2]) == 2",
      "",
      "",
      "def test_even():",
      "    assert median([4, 1, 3, 2]) == 2.5",
      "",
      "",
      "def test_single():",
      "    assert median([7]) == 7",
      "```",
    ].join("\n");
    const server = await startScriptedServer((request) => ({
      reply: request.messages.some((message) => message.content.includes("Write pytest tests for")) ? tests : cannedReplies.python.right,
    }));
    try {
      const args = ["run", "--prompt", "Write median(values): the median of a list of numbers.", "--lang", "python", "--entry", "median.py", "--no-review", "--json", "--runs-dir", runsDir()];
      const result = await runMend([...args, "--model", "openai:scripted", "--base-url", server.url], { cwd: dir, env: { OPENAI_API_KEY: "test-key" } });
      expect(result.code, result.stderr).toBe(0);
      const run = jsonOf(result.stdout);
      expect(run).toMatchObject({ status: "passed", verified: true, verification: { by: "generated", testsRun: 3, generated: { kept: 3 } } });
      expect(result.stderr).toMatch(/mend: passed on attempt \d+, verified by 3 generated tests/);
      expect(result.stderr).toMatch(/generated tests: 3 kept/);
    } finally {
      await server.close();
    }
  }, 240_000);
});

describe("examples are tests", () => {
  it("mend repair without --tests repairs a Python draft against its docstring's doctests", async () => {
    const result = await runMend(["repair", "running_max.py", "--json", "--runs-dir", runsDir()], { cwd: dir, env: BY_CANDIDATES });
    expect(result.code, result.stderr).toBe(0);
    const run = jsonOf(result.stdout);
    expect(run).toMatchObject({ status: "passed", verified: true, verification: { by: "examples", testsRun: 2 } });
    expect(run.attempts.map((attempt) => [attempt.source, attempt.testsPassed, attempt.testsTotal])).toEqual([
      ["draft", 1, 2],
      ["offline", 2, 2],
    ]);
    expect(run.code).toContain("value > best");
    expect(result.stderr).toMatch(/mend: passed on attempt 2, verified by 2 examples from the docstring/);
    // The examples' test file is part of the saved task, so a resumed run checks the same.
    const meta = JSON.parse(readFileSync(join(run.runDir, "meta.json"), "utf8"));
    expect(meta.verification.examples.map((example: { name: string }) => example.name)).toEqual([
      "test_mend_examples.py::test_running_max_py_line_4",
      "test_mend_examples.py::test_running_max_py_line_6",
    ]);
  }, 180_000);

  it("mend check without --tests runs the examples and names the failing one with expected and actual", async () => {
    const result = await runMend(["check", "running_max.py", "--json"], { cwd: dir });
    expect(result.code, result.stderr).toBe(1);
    const json = JSON.parse(result.stdout);
    expect(json).toMatchObject({
      passed: false,
      stage: "tests",
      verification: { by: "examples", testsRun: 2 },
      tests: { passed: 1, failed: 1, failures: [{ name: "test_running_max_py_line_4", expected: "[1, 3, 3, 5, 5]", actual: "[1, 1, 1, 1, 1]" }] },
    });
  }, 180_000);

  it("mend repair fixes a JavaScript module against its JSDoc @example lines", async () => {
    const result = await runMend(["repair", "clamp.js", "--runs-dir", runsDir()], { cwd: dir, env: BY_CANDIDATES });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain("+  if (value > high) return high;");
    expect(result.stderr).toMatch(/verifying by 3 examples from the docstring: clamp\.js:3 clamp\(5, 0, 10\)/);
    expect(result.stderr).toMatch(/mend: passed on attempt 2, verified by 3 examples from the docstring/);
  }, 180_000);

  it("mend check runs JSDoc examples against a CommonJS module too", async () => {
    const result = await runMend(["check", "clamp_cjs.js", "--json"], { cwd: dir });
    expect(result.code, result.stderr).toBe(1);
    expect(JSON.parse(result.stdout)).toMatchObject({
      stage: "tests",
      verification: { by: "examples", testsRun: 3 },
      tests: { passed: 1, failed: 2, failures: [{ name: "clamp_cjs.js:3: clamp(5, 0, 10)", expected: "5", actual: "10" }, { actual: "42" }] },
    });
  }, 180_000);

  it("lines f(x) == y in the requirement verify a draft that has no docstring", async () => {
    const prompt = "Return the sum of a and b.\n\n- add(2, 3) == 5\n- add(-1, 1) == 0\n";
    const result = await runMend(["run", "--draft", "add.py", "--prompt", prompt, "--json", "--runs-dir", runsDir()], { cwd: dir, env: BY_CANDIDATES });
    expect(result.code, result.stderr).toBe(0);
    const run = jsonOf(result.stdout);
    expect(run).toMatchObject({ status: "passed", verification: { by: "examples", testsRun: 2 } });
    expect(run.code).toContain("return a + b");
    expect(result.stderr).toMatch(/verified by 2 examples from the requirement/);
  }, 180_000);

  it("examples written inside the requirement's sentences verify a draft too, two on one line", async () => {
    const prompt = "Return the sum of a and b. For example, add(2, 3) returns 5 and `add(-1, 1)` should be `0`.";
    const result = await runMend(["run", "--draft", "add.py", "--prompt", prompt, "--json", "--runs-dir", runsDir()], { cwd: dir, env: BY_CANDIDATES });
    expect(result.code, result.stderr).toBe(0);
    const run = jsonOf(result.stdout);
    expect(run).toMatchObject({ status: "passed", verification: { by: "examples", testsRun: 2 } });
    expect(run.attempts.map((attempt) => [attempt.source, attempt.testsPassed, attempt.testsTotal])).toEqual([
      ["draft", 0, 2],
      ["offline", 2, 2],
    ]);
    expect(result.stderr).toMatch(/verified by 2 examples from the requirement/);
  }, 180_000);
});

describe("code review after success (on by default with a model)", () => {
  const ADD_TESTS = "from add import add\n\n\ndef test_add():\n    assert add(2, 3) == 5\n";
  const REVIEW = 'Reviewed.\n\n```json\n{"findings": [{"severity": "medium", "line": 1, "text": "add(a, b) does not check that a and b are numbers"}]}\n```\n';

  it("mend repair records the review's findings in the JSON and a closing line; --no-review makes no review call", async () => {
    writeFileSync(join(dir, "test_add.py"), ADD_TESTS);
    const server = await startScriptedServer([{ reply: `Fixed:\n\n\`\`\`python\ndef add(a, b):\n    return a + b\n\`\`\`\n` }, { reply: REVIEW }]);
    try {
      const args = ["repair", "add.py", "--tests", "test_add.py", "--no-offline-repair", "--runs-dir", runsDir(), "--model", "openai:scripted", "--base-url", server.url];
      const result = await runMend([...args, "--json"], { cwd: dir, env: { OPENAI_API_KEY: "test-key" } });
      expect(result.code, result.stderr).toBe(0);
      const run = jsonOf(result.stdout);
      expect(run.review).toEqual({
        model: "openai:scripted",
        findings: [{ severity: "medium", line: 1, text: "add(a, b) does not check that a and b are numbers" }],
      });
      expect(result.stderr).toMatch(/review: 1 finding \(1 medium\), e\.g\. line 1: add\(a, b\) does not check/);
      expect(server.requests).toHaveLength(2);
    } finally {
      await server.close();
    }
    const quiet = await startScriptedServer([{ reply: "```python\ndef add(a, b):\n    return a + b\n```" }]);
    try {
      const args = ["repair", "add.py", "--tests", "test_add.py", "--no-offline-repair", "--no-review", "--json", "--runs-dir", runsDir()];
      const result = await runMend([...args, "--model", "openai:scripted", "--base-url", quiet.url], { cwd: dir, env: { OPENAI_API_KEY: "test-key" } });
      expect(result.code, result.stderr).toBe(0);
      expect(jsonOf(result.stdout).review).toBeUndefined();
      expect(quiet.requests).toHaveLength(1);
    } finally {
      await quiet.close();
    }
  }, 180_000);

  it("--no-review with --review-fix is a usage error", async () => {
    const result = await runMend(["repair", "add.py", "--tests", "test_add.py", "--no-review", "--review-fix"], { cwd: dir });
    expect(result.code).toBe(2);
    expect(result.stderr.trim().split("\n")).toHaveLength(1);
    expect(result.stderr).toMatch(/--no-review turns the review off/);
  });
});
