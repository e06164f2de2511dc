import { describe, expect, it } from "vitest";
import type { TestObservation } from "./candidate-runner.js";
import { rankByOchiai } from "./ochiai.js";

function observed(id: string, outcome: TestObservation["outcome"], lines: number[], failLine?: number): TestObservation {
  return { id, outcome, durationMs: 1, lines, failLine };
}

describe("rankByOchiai", () => {
  it("ranks a line run only by failing tests above lines that passing tests run too", () => {
    const ranking = rankByOchiai("f.py", [
      observed("a", "passed", [1, 2, 3, 5]),
      observed("b", "passed", [1, 2, 3, 5]),
      observed("c", "failed", [1, 2, 4, 5]),
    ]);
    expect(ranking[0]).toEqual({ file: "f.py", line: 4, score: 1 });
    // ef = 1, ep = 2: 1 / sqrt(1 * 3)
    expect(ranking.find((entry) => entry.line === 1)?.score).toBeCloseTo(1 / Math.sqrt(3), 5);
    expect(ranking.map((entry) => entry.line)).not.toContain(3);
  });

  it("counts a hanging test as failing", () => {
    const ranking = rankByOchiai("f.js", [observed("a", "passed", [1, 2]), observed("b", "timeout", [1, 3])]);
    expect(ranking[0].line).toBe(3);
  });

  it("adds the failing frame and the check's location as evidence", () => {
    const tests = [observed("a", "passed", [1, 2, 3]), observed("b", "failed", [1, 2, 3], 2)];
    expect(rankByOchiai("f.py", tests)[0].line).toBe(2);
    expect(rankByOchiai("f.py", [observed("a", "passed", [1, 2, 3]), observed("b", "failed", [1, 2, 3])], { checkLine: 3 })[0].line).toBe(3);
  });

  it("is empty when no test fails", () => {
    expect(rankByOchiai("f.py", [observed("a", "passed", [1])])).toEqual([]);
  });
});
