import { afterAll, describe, expect, it } from "vitest";
import { createSandbox } from "../sandbox/create-sandbox.js";
import { createCandidateRunner } from "./create-candidate-runner.js";
import { localizeFaults } from "./localize-faults.js";
import { repairOffline } from "./repair-offline.js";

const sandbox = createSandbox({ onWarning: () => {} });
afterAll(() => sandbox.close());

// A grading helper as people write it, one boundary off (a 60 is a D), and its test the way
// many suites check such a function: every boundary in one test body.
const PROGRAM = `function letterGrade(score) {
  if (score < 0 || score > 100) {
    throw new RangeError(\`score out of range: \${score}\`);
  }
  if (score >= 90) return "A";
  if (score >= 80) return "B";
  if (score >= 70) return "C";
  if (score > 60) return "D";
  return "F";
}

module.exports = { letterGrade };
`;
const TESTS = `const { test } = require("node:test");
const assert = require("node:assert");
const { letterGrade } = require("./grades");

test("letter grades at each boundary", () => {
  assert.strictEqual(letterGrade(95), "A");
  assert.strictEqual(letterGrade(90), "A");
  assert.strictEqual(letterGrade(85), "B");
  assert.strictEqual(letterGrade(70), "C");
  assert.strictEqual(letterGrade(60), "D");
  assert.strictEqual(letterGrade(12), "F");
});

test("a score out of range is refused", () => {
  assert.throws(() => letterGrade(101), RangeError);
});
`;
const INPUT = { language: "javascript" as const, entry: "grades.js", code: PROGRAM, tests: [{ path: "grades.test.js", content: TESTS }] };
const lineOf = (text: string) => PROGRAM.split("\n").findIndex((line) => line.includes(text)) + 1;
const TEST = "grades.test.js::letter grades at each boundary";

describe("a node:test test of many asserts in the repair engine", () => {
  it("is one result per assert, and the test's own, in the baseline the search starts from", async () => {
    const runner = createCandidateRunner({ ...INPUT, sandbox, jobs: 1 });
    const baseline = await runner.baseline(2_000, 60_000).finally(() => runner.close());
    expect(baseline.status).toBe("ok");
    if (baseline.status !== "ok") return;
    const outcomes = Object.fromEntries(baseline.tests.map((test) => [test.id, test.outcome]));
    const assertAt = (line: number) => `${TEST}::assert@line ${line}`;
    expect(outcomes).toEqual({
      [assertAt(6)]: "passed",
      [assertAt(7)]: "passed",
      [assertAt(8)]: "passed",
      [assertAt(9)]: "passed",
      [assertAt(10)]: "failed",
      [assertAt(11)]: "passed",
      [TEST]: "passed",
      // One assert: the test is one result. assert.throws runs its callback itself, so that
      // callback's failure is the test's.
      "grades.test.js::a score out of range is refused": "passed",
    });
    const linesOf = (id: string) => baseline.tests.find((test) => test.id === id)?.lines ?? [];
    expect(linesOf(assertAt(10))).toContain(lineOf("score > 60"));
    expect(linesOf(assertAt(6))).not.toContain(lineOf("score > 60"));
  });

  it("gives fault localization a spectrum: the boundary only the failing assert and the F below it reach ranks above the lines every grade runs", async () => {
    const ranking = await localizeFaults(INPUT, { sandbox, timeBudgetMs: 60_000 });
    const scoreOf = (line: number) => ranking.find((suspicious) => suspicious.line === line)?.score ?? 0;
    // As one failing test, every line it ran would score 1: the faulty one no more than the others.
    expect(scoreOf(lineOf("score > 60"))).toBeGreaterThan(scoreOf(lineOf("score >= 70")));
    expect(scoreOf(lineOf("score >= 70"))).toBeGreaterThan(scoreOf(lineOf("score >= 90")));
  });

  it("returns the boundary's fix", async () => {
    const result = await repairOffline(INPUT, { sandbox, maxCandidates: 300, timeBudgetMs: 600_000 });
    expect(result.status).toBe("fixed");
    if (result.status !== "fixed") return;
    expect(result.code).toBe(PROGRAM.replace("score > 60", "score >= 60"));
    // The spectrum puts the boundary's line first: its fix is among the first candidates (the
    // whole test as one failing result had it fourth, behind edits of lines every grade runs).
    expect(result.candidatesToFirstPlausible).toBeLessThanOrEqual(2);
  });
});
