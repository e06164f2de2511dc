import { afterAll, describe, expect, it } from "vitest";
import { createFastRunner } from "./fast-runner.js";

const quiet = { onWarning: () => {} };

const MEDIAN_TESTS_PY =
  "from median import median\n\n" +
  "def test_odd():\n    assert median([3, 1, 2]) == 2\n\n" +
  "def test_even():\n    assert median([4, 1, 3, 2]) == 2.5\n";
const MEDIAN_WRONG_PY = "def median(xs):\n    s = sorted(xs)\n    return s[len(s) // 2]\n";
const MEDIAN_RIGHT_PY =
  "def median(xs):\n    s = sorted(xs)\n    n = len(s)\n    return s[n // 2] if n % 2 else (s[n // 2 - 1] + s[n // 2]) / 2\n";

const MEDIAN_TESTS_JS =
  "import { describe, test } from 'node:test';\nimport assert from 'node:assert/strict';\nimport { median } from './median.js';\n" +
  "describe('median', () => {\n  test('odd', () => assert.equal(median([3, 1, 2]), 2));\n  test('even', () => assert.equal(median([4, 1, 3, 2]), 2.5));\n});\n";
const MEDIAN_WRONG_JS = "export function median(xs) { const s = [...xs].sort((a, b) => a - b); return s[Math.floor(s.length / 2)]; }\n";
const MEDIAN_RIGHT_JS =
  "export function median(xs) { const s = [...xs].sort((a, b) => a - b); const n = s.length; return n % 2 ? s[(n - 1) / 2] : (s[n / 2 - 1] + s[n / 2]) / 2; }\n";

describe("fast runner, Python", () => {
  const runner = createFastRunner({ language: "python", ...quiet });
  afterAll(() => runner.close());

  it("reports each test, and each candidate sees its own program (no module cache across candidates)", async () => {
    const wrong = await runner.runTests({ "median.py": MEDIAN_WRONG_PY, "test_median.py": MEDIAN_TESTS_PY }, { testFiles: ["test_median.py"], timeoutMs: 20_000 });
    expect(wrong.reason).toBe("exit");
    expect(wrong.tests.map((t) => [t.name, t.outcome])).toEqual([
      ["test_median.py::test_odd", "passed"],
      ["test_median.py::test_even", "failed"],
    ]);
    expect(wrong.tests[1].message).toContain("assert 3 == 2.5");
    expect(wrong.junitXml).toContain('name="test_even"');
    const right = await runner.runTests({ "median.py": MEDIAN_RIGHT_PY, "test_median.py": MEDIAN_TESTS_PY }, { testFiles: ["test_median.py"], timeoutMs: 20_000 });
    expect(right.reason).toBe("ok");
    expect(right.tests.every((t) => t.outcome === "passed")).toBe(true);
  });

  it("gives every candidate a clean working copy", async () => {
    const files = {
      "test_copy.py": "import os\n\ndef test_clean():\n    assert not os.path.exists('left.txt')\n    open('left.txt', 'w').write('x')\n",
    };
    for (let i = 0; i < 2; i++) {
      const result = await runner.runTests(files, { testFiles: ["test_copy.py"], timeoutMs: 20_000 });
      expect(result.reason).toBe("ok");
    }
  });

  it("ends a busy candidate at its CPU limit", async () => {
    const result = await runner.runTests({ "test_busy.py": "def test_spin():\n    while True:\n        pass\n" }, { testFiles: ["test_busy.py"], timeoutMs: 60_000, cpuSeconds: 1 });
    expect(result).toMatchObject({ reason: "cpu", timedOut: false });
    expect(result.durationMs).toBeLessThan(30_000);
  });

  it("runs candidate after candidate of a suite with fixtures, parameters and imported names as pytest does", async () => {
    const suite = {
      "conftest.py": "import pytest\nfrom inventory import Stock\n\n\n@pytest.fixture\ndef stock():\n    return Stock({'apple': 3})\n",
      "tests/test_inventory.py":
        "import pytest\nfrom inventory import LIMIT, Stock\n\n\ndef test_take(stock):\n    stock.take('apple', 2)\n    assert stock.count('apple') == 1\n\n\n" +
        "@pytest.mark.parametrize('n', [1, LIMIT])\ndef test_within_limit(n):\n    assert Stock({'pear': n}).count('pear') == n\n\n\n" +
        "def test_over_limit():\n    with pytest.raises(ValueError):\n        Stock({'pear': LIMIT + 1})\n",
      "pyproject.toml": '[tool.pytest.ini_options]\npythonpath = ["."]\n',
    };
    const right =
      "LIMIT = 10\n\n\nclass Stock:\n    def __init__(self, items):\n        if any(n > LIMIT for n in items.values()):\n            raise ValueError('over the limit')\n" +
      "        self.items = dict(items)\n\n    def take(self, name, n):\n        self.items[name] -= n\n\n    def count(self, name):\n        return self.items[name]\n";
    const run = (program: string) => runner.runTests({ ...suite, "inventory.py": program }, { testFiles: ["tests/test_inventory.py"], timeoutMs: 20_000 });
    const outcomes = (result: { tests: { name: string; outcome: string }[] }) => Object.fromEntries(result.tests.map((t) => [t.name.replace("tests/test_inventory.py::", ""), t.outcome]));
    const allPassed = { test_take: "passed", "test_within_limit[1]": "passed", "test_within_limit[10]": "passed", test_over_limit: "passed" };

    expect(outcomes(await run(right))).toEqual(allPassed);
    expect(outcomes(await run(right.replace("-= n", "-= 1")))).toEqual({ ...allPassed, test_take: "failed" });
    expect(outcomes(await run(right.replace("n > LIMIT", "n >= LIMIT")))).toEqual({ ...allPassed, "test_within_limit[10]": "failed" });
    const broken = await run(right.replace("def take(self, name, n):", "def take(self, name, n)"));
    // The conftest file imports the program: pytest stops before collecting any test, and says why.
    expect(broken.reason).toBe("exit");
    expect(broken.tests).toEqual([]);
    expect(broken.stdout + broken.stderr).toContain("SyntaxError");
    const again = await run(right);
    expect(again.reason).toBe("ok");
    expect(outcomes(again)).toEqual(allPassed);
  });

  it("reports a file that does not import as an error entry", async () => {
    const result = await runner.runTests({ "test_broken.py": "import missing_module_xyz\n" }, { testFiles: ["test_broken.py"], timeoutMs: 20_000 });
    expect(result.reason).toBe("exit");
    expect(result.tests).toHaveLength(1);
    expect(result.tests[0]).toMatchObject({ outcome: "error" });
    expect(result.tests[0].message).toContain("missing_module_xyz");
  });
});

describe("fast runner, JavaScript and TypeScript", () => {
  const js = createFastRunner({ language: "javascript", ...quiet });
  const ts = createFastRunner({ language: "typescript", ...quiet });
  afterAll(() => Promise.all([js.close(), ts.close()]));

  it("reports each node:test case by its suite path, for one candidate after another", async () => {
    const wrong = await js.runTests({ "median.js": MEDIAN_WRONG_JS, "median.test.js": MEDIAN_TESTS_JS, "package.json": '{"type":"module"}' }, { testFiles: ["median.test.js"], timeoutMs: 20_000 });
    expect(wrong.reason).toBe("exit");
    expect(wrong.tests.map((t) => [t.name, t.outcome, t.file])).toEqual([
      ["median > odd", "passed", "median.test.js"],
      ["median > even", "failed", "median.test.js"],
    ]);
    expect(wrong.tests[1].message).toContain("3 !== 2.5");
    expect(wrong.junitXml).toContain('name="even"');
    const right = await js.runTests({ "median.js": MEDIAN_RIGHT_JS, "median.test.js": MEDIAN_TESTS_JS, "package.json": '{"type":"module"}' }, { testFiles: ["median.test.js"], timeoutMs: 20_000 });
    expect(right.reason).toBe("ok");
    expect(right.tests.map((t) => t.outcome)).toEqual(["passed", "passed"]);
  });

  it("reports a test file that does not load as an error entry", async () => {
    const result = await js.runTests({ "broken.test.mjs": "import { nothing } from './absent.mjs';\n" }, { testFiles: ["broken.test.mjs"], timeoutMs: 20_000 });
    expect(result.reason).toBe("exit");
    expect(result.tests).toEqual([expect.objectContaining({ name: "broken.test.mjs", outcome: "error" })]);
    expect(result.stderr).toContain("absent.mjs");
  });

  it("transpiles TypeScript on the host, including .ts imports", async () => {
    const result = await ts.runTests(
      {
        "median.ts": MEDIAN_RIGHT_JS.replace("(xs)", "(xs: number[]): number"),
        "median.test.ts": MEDIAN_TESTS_JS.replace("./median.js", "./median.ts"),
      },
      { testFiles: ["median.test.ts"], timeoutMs: 20_000 },
    );
    expect(result.reason).toBe("ok");
    expect(result.tests.map((t) => t.name)).toEqual(["median > odd", "median > even"]);
  });
});

describe("fast runner, JavaScript under the node:test stand-in", () => {
  const files = (program: string) => ({ "median.js": program, "median.test.js": MEDIAN_TESTS_JS, "package.json": '{"type":"module"}' });
  const options = { testFiles: ["median.test.js"], timeoutMs: 20_000 };

  it("runs a suite under node:test until both agreed on a candidate, then under the stand-in with the same report", async () => {
    const runner = createFastRunner({ language: "javascript", ...quiet });
    try {
      const first = await runner.runTests(files(MEDIAN_WRONG_JS), options);
      expect(first.standIn).toBeUndefined();
      const second = await runner.runTests(files(MEDIAN_WRONG_JS), options);
      expect(second.standIn).toBe(true);
      for (const key of ["reason", "exitCode", "signal"] as const) expect(second[key]).toEqual(first[key]);
      expect(second.tests.map((t) => [t.name, t.outcome, t.file])).toEqual(first.tests.map((t) => [t.name, t.outcome, t.file]));
      expect(second.tests[1].message).toContain("3 !== 2.5");
      expect(second.junitXml).toContain('name="even"');
      expect(second.junitXml).toContain("<failure");
      const right = await runner.runTests(files(MEDIAN_RIGHT_JS), options);
      expect(right).toMatchObject({ standIn: true, reason: "ok", exitCode: 0 });
    } finally {
      await runner.close();
    }
  });

  it("keeps a suite on node:test when the stand-in disagrees (a per-test timeout it does not enforce)", async () => {
    const runner = createFastRunner({ language: "javascript", ...quiet });
    const timing = {
      "slow.test.mjs": "import { test } from 'node:test';\ntest('slow', { timeout: 50 }, () => new Promise((r) => setTimeout(r, 400)));\n",
    };
    try {
      for (let i = 0; i < 3; i++) {
        const result = await runner.runTests(timing, { testFiles: ["slow.test.mjs"], timeoutMs: 20_000 });
        expect(result.standIn).toBeUndefined();
        expect(result.tests.map((t) => [t.name, t.outcome])).toEqual([["slow", "failed"]]);
      }
    } finally {
      await runner.close();
    }
  });

  describe("gives node:test's results on the API's common patterns", () => {
    const real = createFastRunner({ language: "javascript", nodeTestRunner: "node-test", ...quiet });
    const standIn = createFastRunner({ language: "javascript", nodeTestRunner: "stand-in", ...quiet });
    afterAll(() => Promise.all([real.close(), standIn.close()]));
    const HEAD = "import { describe, it, test, before, after, beforeEach, mock } from 'node:test';\nimport assert from 'node:assert/strict';\n";
    it.each([
      ["nested suites", "describe('a', () => { describe('b', () => { it('c', () => {}); it('d', () => assert.equal(1, 2)); }); it('e', () => {}); });"],
      ["done callbacks", "test('cb', (t, done) => { setTimeout(done, 5); });\ntest('cbfail', (t, done) => { setTimeout(() => done(new Error('x')), 5); });"],
      ["async tests", "test('a', async () => { await new Promise((r) => setTimeout(r, 5)); });\ntest('b', async () => { throw new Error('boom'); });"],
      ["skips and todos", "test.skip('s', () => {});\ntest.todo('t');\ntest('dyn', (t) => { t.skip('no'); });\ndescribe.skip('ds', () => { it('x', () => {}); });"],
      ["a todo suite", "describe.todo('dt', () => { it('y', () => {}); it('z', () => assert.equal(1, 2)); });"],
      ["subtests", "test('parent', async (t) => { await t.test('child1', () => {}); await t.test('child2', () => assert.fail('no')); });"],
      ["hooks", "let n = 0;\nbefore(() => { n = 1; });\nbeforeEach(() => { n++; });\nafter(() => {});\ntest('h1', () => assert.equal(n, 2));\ntest('h2', () => assert.equal(n, 3));"],
      ["a failing before hook", "describe('s', () => { before(() => { throw new Error('b'); }); it('a', () => {}); });"],
      ["mocks", "test('m', (t) => { const f = t.mock.fn(() => 3); f(); assert.equal(f.mock.callCount(), 1); assert.equal(mock.fn()(), undefined); });"],
      ["a throw at the top of the file", "test('x', () => {});\nthrow new Error('top');"],
    ])("%s", async (_name, body) => {
      const files = { "p.test.mjs": `${HEAD}${body}\n` };
      const [a, b] = await Promise.all([real, standIn].map((runner) => runner.runTests(files, { testFiles: ["p.test.mjs"], timeoutMs: 20_000 })));
      expect(a.standIn).toBeUndefined();
      expect(b.standIn).toBe(true);
      const outcomes = (result: typeof a) => result.tests.map((t) => `${t.name}: ${t.outcome}`).sort();
      expect(outcomes(b)).toEqual(outcomes(a));
      expect(b.exitCode).toBe(a.exitCode);
    });
  });

  it.each(["node-test", "stand-in"] as const)("ends a busy candidate at its CPU limit (%s)", async (nodeTestRunner) => {
    const runner = createFastRunner({ language: "javascript", nodeTestRunner, ...quiet });
    try {
      const busy = { "busy.test.mjs": "import { test } from 'node:test';\ntest('spin', () => { for (;;) {} });\n" };
      const result = await runner.runTests(busy, { testFiles: ["busy.test.mjs"], timeoutMs: 60_000, cpuSeconds: 1 });
      expect(result).toMatchObject({ reason: "cpu", signal: "SIGXCPU", timedOut: false });
      expect(result.durationMs).toBeLessThan(30_000);
      const next = await runner.runTests({ "ok.test.mjs": "import { test } from 'node:test';\ntest('ok', () => {});\n" }, { testFiles: ["ok.test.mjs"], timeoutMs: 20_000 });
      expect(next.reason).toBe("ok");
    } finally {
      await runner.close();
    }
  });

  describe("candidates in one worker do not see each other", () => {
    const runner = createFastRunner({ language: "javascript", nodeTestRunner: "stand-in", ...quiet });
    afterAll(() => runner.close());
    const probe = {
      "probe.test.mjs":
        "import { test } from 'node:test';\nimport assert from 'node:assert/strict';\nimport fs from 'node:fs';\n" +
        "test('clean', () => {\n  assert.equal([1].includes(2), false);\n  assert.equal(typeof globalThis.leaked, 'undefined');\n" +
        "  assert.equal(process.env.LEAKED, undefined);\n  assert.equal(fs.existsSync.name, 'existsSync');\n});\n",
    };
    const run = (source: string) => runner.runTests({ "x.test.mjs": source }, { testFiles: ["x.test.mjs"], timeoutMs: 20_000 });
    const probeRun = () => runner.runTests(probe, { testFiles: ["probe.test.mjs"], timeoutMs: 20_000 });

    it.each([
      ["a changed built-in", "Array.prototype.includes = () => true;"],
      ["a new global", "globalThis.leaked = 1;"],
      ["a changed environment", "process.env.LEAKED = '1';"],
      ["a patched core module", "import fs from 'node:fs';\nfs.existsSync = () => true;"],
    ])("%s", async (_name, change) => {
      const dirty = await run(`import { test } from 'node:test';\n${change}\ntest('t', () => {});\n`);
      expect(dirty).toMatchObject({ standIn: true, reason: "ok" });
      const after = await probeRun();
      expect(after.tests.map((t) => [t.name, t.outcome, t.message])).toEqual([["clean", "passed", undefined]]);
    });

    it("a timer left running", async () => {
      const left = await run("import { test } from 'node:test';\ntest('t', () => { setInterval(() => console.log('LEFTOVER'), 5); });\n");
      expect(left.reason).toBe("ok");
      const after = await probeRun();
      expect(after.reason).toBe("ok");
      expect(after.stdout).not.toContain("LEFTOVER");
    });

    it("process.exit in a test ends that candidate only", async () => {
      const exited = await run("import { test } from 'node:test';\ntest('t', () => { process.exit(3); });\n");
      expect(exited).toMatchObject({ reason: "exit", exitCode: 3 });
      expect((await probeRun()).reason).toBe("ok");
    });

    it("a load error, a failing hook and a skipped test are reported as node:test would", async () => {
      const broken = await run("import { nothing } from './absent.mjs';\n");
      expect(broken.reason).toBe("exit");
      expect(broken.tests).toEqual([expect.objectContaining({ name: "x.test.mjs", outcome: "error" })]);
      expect(broken.stderr).toContain("absent.mjs");
      const mixed = await run(
        "import { describe, it, beforeEach } from 'node:test';\n" +
          "describe('s', () => {\n  beforeEach(() => { throw new Error('hook broke'); });\n  it('a', () => {});\n  it.skip('b', () => {});\n});\n",
      );
      expect(mixed.tests.map((t) => [t.name, t.outcome])).toEqual([
        ["s > a", "failed"],
        ["s > b", "skipped"],
      ]);
      expect(mixed.tests[0].message).toContain("hook broke");
    });
  });
});

