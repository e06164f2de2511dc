import { afterAll, describe, expect, it } from "vitest";
import { createSandbox } from "../sandbox/create-sandbox.js";
import { createCandidateRunner } from "./create-candidate-runner.js";
import { localizeFaults } from "./localize-faults.js";
import { repairOffline } from "./repair-offline.js";

const sandbox = createSandbox({ onWarning: () => {} });
afterAll(() => sandbox.close());

// HumanEvalFix's below_zero (task 3) as that suite ships it: the buggy program, and the task's
// test, one check function of many asserts called by one test.
const PROGRAM = `from typing import List


def below_zero(operations: List[int]) -> bool:
    """ You're given a list of deposit and withdrawal operations on a bank account that starts with
    zero balance. Your task is to detect if at any point the balance of account fallls below zero, and
    at that point function should return True. Otherwise it should return False.
    >>> below_zero([1, 2, 3])
    False
    >>> below_zero([1, 2, -4, 5])
    True
    """
    balance = 0

    for op in operations:
        balance += op
        if balance == 0:
            return True

    return False
`;
const TESTS = `from main import below_zero


def check(below_zero):
    assert below_zero([]) == False
    assert below_zero([1, 2, -3, 1, 2, -3]) == False
    assert below_zero([1, 2, -4, 5, 6]) == True
    assert below_zero([1, -1, 2, -2, 5, -5, 4, -4]) == False
    assert below_zero([1, -1, 2, -2, 5, -5, 4, -5]) == True
    assert below_zero([1, -2, 2, -2, 5, -5, 4, -4]) == True


def test_below_zero():
    check(below_zero)
`;
const INPUT = { language: "python" as const, entry: "main.py", code: PROGRAM, tests: [{ path: "test_main.py", content: TESTS }] };
const lineOf = (text: string) => PROGRAM.split("\n").findIndex((line) => line.includes(text)) + 1;

describe("a test of many asserts in the repair engine", () => {
  it("is one result per assert, and the test's own, in the baseline the search starts from", async () => {
    const runner = createCandidateRunner({ ...INPUT, sandbox, jobs: 1 });
    const baseline = await runner.baseline(2_000, 60_000).finally(() => runner.close());
    expect(baseline.status).toBe("ok");
    if (baseline.status !== "ok") return;
    const outcomes = Object.fromEntries(baseline.tests.map((test) => [test.id, test.outcome]));
    const assertAt = (line: number) => `test_main.py::test_below_zero::assert@line ${line}`;
    expect(outcomes).toEqual({
      [assertAt(5)]: "passed",
      [assertAt(6)]: "failed",
      [assertAt(7)]: "failed",
      [assertAt(8)]: "failed",
      [assertAt(9)]: "passed",
      [assertAt(10)]: "failed",
      "test_main.py::test_below_zero": "passed",
    });
  });

  it("gives fault localization a spectrum: the condition every failing assert runs ranks above the start of the function", async () => {
    const ranking = await localizeFaults(INPUT, { sandbox, timeBudgetMs: 60_000 });
    const scoreOf = (line: number) => ranking.find((suspicious) => suspicious.line === line)?.score ?? 0;
    // As one failing test, every line it ran would score 1: the faulty one no more than the others.
    expect(scoreOf(lineOf("if balance == 0"))).toBeGreaterThan(scoreOf(lineOf("balance = 0")));
    expect(scoreOf(lineOf("return False"))).toBeLessThan(scoreOf(lineOf("if balance == 0")));
  });

  it("returns the fix of the condition, not a changed start balance that also passes the asserts", async () => {
    // `balance = 1` passes every assert too (its balance reaches 0 where the right one goes below
    // it) and is as small; the asserts' spectrum puts the condition first.
    const result = await repairOffline(INPUT, { sandbox, maxCandidates: 300, timeBudgetMs: 600_000 });
    expect(result.status).toBe("fixed");
    if (result.status !== "fixed") return;
    expect(result.code).toBe(PROGRAM.replace("balance == 0", "balance < 0"));
  });
});
