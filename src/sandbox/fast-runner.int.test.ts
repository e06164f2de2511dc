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
