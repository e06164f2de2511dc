import { afterAll, describe, expect, it } from "vitest";
import { createSandbox } from "../sandbox/create-sandbox.js";
import { repairOffline } from "./repair-offline.js";

const sandbox = createSandbox({ onWarning: () => {} });
afterAll(() => sandbox.close());

// Bounded by candidates, not by the clock: the result does not depend on the machine's load.
const BOUNDS = { maxCandidates: 900, timeBudgetMs: 600_000 };

describe("repairOffline on programs with two bugs", () => {
  it("keeps a partial fix and finishes it in a second round (the second edit helps only after the first)", async () => {
    const code = `def summary(scores):
    """Average, lowest and highest score, and how many reach the pass mark of 50."""
    total = 0
    lowest = scores[0]
    highest = scores[0]
    passed = 0
    for s in scores:
        total += s
        if s > lowest:
            lowest = s
        if s > highest:
            highest = s
        if s >= 50:
            passed += 1
    return {"average": total // len(scores), "lowest": lowest, "highest": highest, "passed": passed}
`;
    const tests = `from summary import summary


def test_two_scores():
    assert summary([45, 60]) == {"average": 52.5, "lowest": 45, "highest": 60, "passed": 1}


def test_all_pass():
    assert summary([70, 80, 90]) == {"average": 80.0, "lowest": 70, "highest": 90, "passed": 3}


def test_one_score():
    assert summary([30]) == {"average": 30.0, "lowest": 30, "highest": 30, "passed": 0}


def test_unsorted():
    assert summary([50, 10, 30]) == {"average": 30.0, "lowest": 10, "highest": 50, "passed": 1}
`;
    // Fewer candidates than trying every single edit first and pairing afterwards takes.
    const result = await repairOffline(
      { language: "python", entry: "summary.py", code, tests: [{ path: "test_summary.py", content: tests }] },
      { sandbox, maxCandidates: 340, timeBudgetMs: 600_000 },
    );
    expect(result.status).toBe("fixed");
    if (result.status !== "fixed") return;
    expect(result.edits).toHaveLength(2);
    expect(result.code).toMatch(/if s <=? lowest:/);
    expect(result.code).toContain('"average": total / len(scores)');
    expect(result.diff).toContain('-    return {"average": total // len(scores)');
    expect(result.testsPassed).toBe(4);
  });

  it("pairs two edits that each fix one test (JavaScript)", async () => {
    const code = `/** Scores within [min, max], both ends included. */
export function withinLimits(scores, min, max) {
  return scores.filter((score) => score > min && score < max);
}
`;
    const tests = `import { test } from "node:test";
import assert from "node:assert/strict";
import { withinLimits } from "./limits.mjs";

test("keeps the lower limit", () => assert.deepEqual(withinLimits([0, 5, 20], 0, 10), [0, 5]));
test("keeps the upper limit", () => assert.deepEqual(withinLimits([3, 10, 11], 1, 10), [3, 10]));
test("both limits", () => assert.deepEqual(withinLimits([2, 4, 7], 2, 7), [2, 4, 7]));
test("inside only", () => assert.deepEqual(withinLimits([1, 9], 0, 10), [1, 9]));
`;
    const result = await repairOffline(
      { language: "javascript", entry: "limits.mjs", code, tests: [{ path: "limits.test.mjs", content: tests }] },
      { sandbox, ...BOUNDS },
    );
    expect(result.status).toBe("fixed");
    if (result.status !== "fixed") return;
    expect(result.code).toContain("score >= min && score <= max");
    expect(result.edits.map((edit) => edit.after).sort()).toEqual(["<=", ">="]);
  });
});
