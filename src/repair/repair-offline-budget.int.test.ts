import { afterAll, describe, expect, it } from "vitest";
import { createSandbox } from "../sandbox/create-sandbox.js";
import { repairOffline } from "./repair-offline.js";

const sandbox = createSandbox({ onWarning: () => {} });
afterAll(() => sandbox.close());

const BUDGET_MS = 5_000;

/*
 * A digit sum whose loop never moves on: the program hangs on every input but 0, and so
 * does nearly every mutant (only an edit that also adds `n //= 10` would fix it, which no
 * single or paired edit of the engine does). The search can only end at its budget.
 */
const PYTHON = `def digit_sum(n):
    """Sum of the decimal digits of n >= 0."""
    total = 0
    while n > 0:
        total += n // 10
    return total
`;
const PYTHON_TESTS = `from digits import digit_sum


def test_zero():
    assert digit_sum(0) == 0


def test_one_digit():
    assert digit_sum(7) == 7


def test_several_digits():
    assert digit_sum(1234) == 10


def test_nines():
    assert digit_sum(999) == 27
`;
const JAVASCRIPT = `export function digitSum(n) {
  // sum of the decimal digits of n >= 0
  let total = 0;
  while (n > 0) {
    total += Math.floor(n / 10);
  }
  return total;
}
`;
const JAVASCRIPT_TESTS = `import { test } from "node:test";
import assert from "node:assert/strict";
import { digitSum } from "./digits.mjs";

test("zero", () => assert.equal(digitSum(0), 0));
test("one digit", () => assert.equal(digitSum(7), 7));
test("several digits", () => assert.equal(digitSum(1234), 10));
test("nines", () => assert.equal(digitSum(999), 27));
`;

describe("repairOffline on a bug that hangs", () => {
  const cases = [
    { language: "python" as const, entry: "digits.py", code: PYTHON, tests: [{ path: "test_digits.py", content: PYTHON_TESTS }] },
    { language: "javascript" as const, entry: "digits.mjs", code: JAVASCRIPT, tests: [{ path: "digits.test.mjs", content: JAVASCRIPT_TESTS }] },
  ];
  // Ended by its clock, whatever the candidate limit: with no limit that a five-second search
  // could reach, the reason is the time budget, the hanging original and mutants included. How
  // long it takes past the budget is a figure, not a test: `npm run bench:repair -- --filter
  // countdown` (and `sum_to`, the corpus's hanging bugs) prints it.
  it.each(cases)("ends at its budget, not after every hanging mutant ran its limit ($language)", async (input) => {
    const result = await repairOffline(input, { sandbox, timeBudgetMs: BUDGET_MS, maxCandidates: Number.MAX_SAFE_INTEGER });
    expect(result).toMatchObject({ status: "not_fixed", reason: expect.stringMatching(/^time budget spent/), timeBudgetMs: BUDGET_MS });
  });
});
