import { describe, expect, it } from "vitest";
import { compareWithBaseline } from "./baseline.js";
import { type EvalOutcome, evalFigures } from "./eval-figures.js";

function outcome(taskId: string, fields: Partial<EvalOutcome>): EvalOutcome {
  return { taskId, status: "failed", reason: "max_attempts", attempts: 3, tokens: 0, costUsd: 0, durationMs: 1000, ...fields };
}

const outcomes: EvalOutcome[] = [
  outcome("a", { status: "passed", reason: "passed", passedAt: 1, attempts: 1, tokens: 100, costUsd: 0.01, durationMs: 1000 }),
  outcome("b", { status: "passed", reason: "passed", passedAt: 3, attempts: 3, tokens: 500, costUsd: 0.05, durationMs: 4000 }),
  outcome("c", { tokens: 900, costUsd: 0.09, durationMs: 9000, finalStage: "tests", finalErrorType: "assertion" }),
  outcome("d", { reason: "no_model", attempts: 0, durationMs: 2000 }),
];

describe("evalFigures", () => {
  it("computes pass@1, the curve, per-solved spend, time and failure reasons", () => {
    const figures = evalFigures(outcomes, 3);
    expect(figures.tasks).toBe(4);
    expect(figures.solved).toEqual({ count: 2, rate: 0.5 });
    expect(figures.passAt1).toEqual({ count: 1, rate: 0.25 });
    expect(figures.curve).toEqual([
      { k: 1, count: 1, rate: 0.25 },
      { k: 2, count: 1, rate: 0.25 },
      { k: 3, count: 2, rate: 0.5 },
    ]);
    // Everything spent, failed tasks included, divided by the tasks solved.
    expect(figures.tokens).toEqual({ total: 1500, perTask: 375, perSolved: 750 });
    expect(figures.costUsd.perSolved).toBeCloseTo(0.075);
    expect(figures.timeMs).toEqual({ total: 16000, mean: 4000, median: 3000 });
    expect(figures.failureReasons).toEqual({ max_attempts: 1, no_model: 1 });
    expect(figures.failureStages).toEqual({ "tests: assertion": 1, "no attempt": 1 });
  });

  it("has no per-solved figures when nothing was solved, and zeros for no tasks", () => {
    expect(evalFigures([outcomes[2]], 2).tokens.perSolved).toBeNull();
    const empty = evalFigures([], 2);
    expect(empty.passAt1).toEqual({ count: 0, rate: 0 });
    expect(empty.timeMs.median).toBe(0);
  });
});

describe("compareWithBaseline", () => {
  it("compares over the shared tasks and names what changed", () => {
    const baseline = {
      path: "/old/eval.json",
      model: "offline",
      outcomes: [
        outcome("a", { status: "passed", reason: "passed", passedAt: 2, tokens: 0 }),
        outcome("c", { status: "passed", reason: "passed", passedAt: 1 }),
        outcome("d", {}),
        outcome("z", {}),
      ],
    };
    const comparison = compareWithBaseline(baseline, outcomes, 3);
    expect(comparison.commonTasks).toBe(3);
    expect(comparison.onlyInBaseline).toBe(1);
    expect(comparison.onlyInCurrent).toBe(1);
    expect(comparison.newlySolved).toEqual([]);
    expect(comparison.newlyFailed).toEqual(["c"]);
    expect(comparison.baseline.passAt1.count).toBe(1);
    expect(comparison.current.passAt1.count).toBe(1);
    expect(comparison.delta.solvedRate).toBeCloseTo(1 / 3 - 2 / 3);
  });
});
