import { afterAll, describe, expect, it } from "vitest";
import { createSandbox } from "../sandbox/create-sandbox.js";
import { validate } from "./validate.js";

const sandbox = createSandbox();
afterAll(() => sandbox.close());
const options = { sandbox, perTestTimeoutMs: 2000, timeoutMs: 30_000 };

const PY_MEDIAN = `def median(xs):
    xs = sorted(xs)
    n = len(xs)
    if n % 2:
        return xs[n // 2]
    return (xs[n // 2 - 1] + xs[n // 2]) / 2
`;
const PY_TESTS = `import pytest
from median import median

def test_odd():
    assert median([3, 1, 2]) == 2

@pytest.mark.parametrize("xs,want", [([1, 2], 1.5), ([4, 1, 3, 2], 2.5)])
def test_even(xs, want):
    assert median(xs) == want
`;

describe("validate", () => {
  it("passes a correct Python program", async () => {
    const result = await validate(
      { language: "python", entry: "median.py", code: PY_MEDIAN, tests: [{ path: "test_median.py", content: PY_TESTS }] },
      options,
    );
    expect(result).toMatchObject({ passed: true, stage: "ok", tests: { passed: 3, failed: 0 } });
  });

  it("reports a failing parameterised Python test with expected, actual and input", async () => {
    const code = PY_MEDIAN.replace("/ 2\n", "// 2\n");
    const result = await validate(
      { language: "python", entry: "median.py", code, tests: [{ path: "test_median.py", content: PY_TESTS }] },
      options,
    );
    expect(result).toMatchObject({ passed: false, stage: "tests", errorType: "assertion" });
    expect(result.tests?.failures[0]).toMatchObject({ expected: "1.5", actual: "1", input: "xs=[1, 2], want=1.5" });
  });

  it("passes a correct JavaScript program", async () => {
    const code = `export function median(xs) {\n  const s = [...xs].sort((a, b) => a - b);\n  const n = s.length;\n  return n % 2 ? s[(n - 1) / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;\n}\n`;
    const tests = `import { test } from "node:test";\nimport assert from "node:assert/strict";\nimport { median } from "./median.js";\ntest("odd", () => assert.equal(median([3, 1, 2]), 2));\ntest("even", () => assert.equal(median([4, 1, 3, 2]), 2.5));\n`;
    const result = await validate({ language: "javascript", entry: "median.js", code, tests: [{ path: "median.test.js", content: tests }] }, options);
    expect(result).toMatchObject({ passed: true, tests: { passed: 2 } });
  });

  it("maps a TypeScript runtime error back to the TypeScript line", async () => {
    const code = `export function median(xs: number[]): number {\n  const s = [...xs].sort((a, b) => a - b);\n  const n: number = s.length;\n  return (s as any).middle(n);\n}\n`;
    const tests = `import { test } from "node:test";\nimport assert from "node:assert/strict";\nimport { median } from "./median.js";\ntest("odd", () => assert.equal(median([3, 1, 2]), 2));\n`;
    const result = await validate({ language: "typescript", entry: "median.ts", code, tests: [{ path: "median.test.ts", content: tests }], typeCheck: false }, options);
    expect(result).toMatchObject({ passed: false, stage: "tests", errorType: "attribute", location: { file: "median.ts", line: 4 } });
  });

  it("has every tool it drives: no layer is skipped for a missing tool", async () => {
    const python = await validate(
      { language: "python", entry: "median.py", code: PY_MEDIAN, tests: [{ path: "test_median.py", content: PY_TESTS }], typeCheck: true },
      options,
    );
    const javascript = await validate(
      { language: "typescript", entry: "median.ts", code: "export const median = (xs: number[]): number => xs[0];\n", tests: [] },
      options,
    );
    for (const result of [python, javascript]) {
      expect(result.layers.filter((layer) => layer.status === "skipped" && layer.name !== "tests")).toEqual([]);
    }
    expect(python.passed, python.summary).toBe(true);
    expect(javascript.layers.find((layer) => layer.name === "tests")).toMatchObject({ status: "skipped", reason: "no tests given" });
  });
});

