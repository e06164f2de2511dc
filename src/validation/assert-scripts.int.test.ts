import { afterAll, describe, expect, it } from "vitest";
import { repairOffline } from "../repair/repair-offline.js";
import { createSandbox } from "../sandbox/create-sandbox.js";
import type { SourceFile } from "../shared/task.js";
import { validate } from "./validate.js";

// Tests as HumanEval-style suites ship them: plain scripts of assertions, no test runner.
const sandbox = createSandbox();
afterAll(() => sandbox.close());
const options = { sandbox, perTestTimeoutMs: 5_000, timeoutMs: 60_000 };
/** Bounded by candidates, not time, so that the outcome does not depend on the machine's load. */
const REPAIR = { sandbox, maxCandidates: 400, timeBudgetMs: 600_000 };

const JS_BUGGY = `const sumSquares = (lst) => {
  let total = 0;
  for (let i = 0; i < lst.length; i++) {
    total += lst[i] * 2;
  }
  return total;
};

module.exports = { sumSquares };
`;
// HumanEvalFix-JavaScript: a test function of `assert` calls, called once at the end.
const JS_TESTS = `const { sumSquares } = require('./sum_squares.js')
const assert = require('node:assert')

const testSumSquares = () => {
  assert.deepStrictEqual(sumSquares([1, 2, 3]), 14)
  assert.deepStrictEqual(sumSquares([]), 0)
}
testSumSquares()

assert.deepStrictEqual(sumSquares([2]), 4)
console.assert(sumSquares([0, 3]) === 9, 'zero and three')
`;

const PY_BUGGY = `def sum_squares(lst):
    total = 0
    for x in lst:
        total += x * 2
    return total
`;
// HumanEval-Python: check(candidate), then check(entry point), plus a loose top-level assert.
const PY_TESTS = `from sum_squares import sum_squares


def check(candidate):
    assert candidate([1, 2, 3]) == 14
    assert candidate([]) == 0


check(sum_squares)
assert sum_squares([2]) == 4
assert sum_squares([0, 3]) == 9, "zero and three"
`;

const js = (code: string, tests = JS_TESTS) => ({
  language: "javascript" as const,
  entry: "sum_squares.js",
  code,
  tests: [{ path: "sum_squares.test.js", content: tests }] as SourceFile[],
});
const py = (code: string, tests = PY_TESTS) => ({
  language: "python" as const,
  entry: "sum_squares.py",
  code,
  tests: [{ path: "test_sum_squares.py", content: tests }] as SourceFile[],
});

describe.each([
  // The engine's results: the call of the test function (Python's check(sum_squares), JavaScript's
  // testSumSquares()) counts as its two asserts and itself (see mend_assertions.py, repair-asserts.mjs).
  ["JavaScript", js(JS_BUGGY), js(JS_BUGGY.replace("lst[i] * 2", "lst[i] ** 2")), ["line 8: testSumSquares()", "line 11: console.assert"], 5],
  ["Python", py(PY_BUGGY), py(PY_BUGGY.replace("x * 2", "x ** 2")), ["line 9: check(sum_squares)", "line 11: assert sum_squares([0, 3])"], 5],
])("a %s assert script as the tests", (_language, buggy, fixed, failing, results) => {
  it("is a failing test, one case per asserting top-level statement, named by line: not a broken test file", async () => {
    const result = await validate(buggy, options);
    expect(result).toMatchObject({ passed: false, stage: "tests", errorType: "assertion", tests: { passed: 1, failed: 2 } });
    const names = result.tests?.failures.map((failure) => failure.name) ?? [];
    expect(names).toHaveLength(2);
    failing.forEach((prefix, index) => expect(names[index]).toContain(prefix));
    // The failing assertion inside the test function still shows what was compared.
    expect(result.tests?.failures[0]).toMatchObject({ expected: "14", actual: "12" });
  });

  it("passes once the program is right", async () => {
    expect(await validate(fixed, options)).toMatchObject({ passed: true, stage: "ok", tests: { passed: 3, failed: 0 } });
  });

  it("is repaired by the offline engine", async () => {
    const result = await repairOffline(buggy, REPAIR);
    expect(result).toMatchObject({ status: "fixed", testsPassed: results, testsTotal: results });
    if (result.status === "fixed") expect(await validate({ ...buggy, code: result.code }, options)).toMatchObject({ passed: true });
  });
});
