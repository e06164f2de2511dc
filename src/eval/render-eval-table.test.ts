import { describe, expect, it } from "vitest";
import { type EvalOutcome, evalFigures } from "./eval-figures.js";
import type { EvalReport } from "./eval-report.js";
import { renderEvalTable } from "./render-eval-table.js";

function outcome(taskId: string, fields: Partial<EvalOutcome>): EvalOutcome {
  return { taskId, status: "failed", reason: "max_attempts", attempts: 5, tokens: 0, costUsd: 0, durationMs: 1000, ...fields };
}

function reportOf(outcomes: EvalOutcome[]): EvalReport {
  return {
    schemaVersion: 1,
    suite: { name: "bugs", path: "suites/bugs", format: "folder", size: outcomes.length },
    model: "offline",
    offlineRepair: true,
    memory: false,
    maxAttempts: 5,
    selected: outcomes.length,
    finished: outcomes.length,
    reused: 0,
    pending: [],
    interrupted: false,
    figures: evalFigures(outcomes, 5),
    results: outcomes,
    outDir: "out",
    resultsPath: "out/results.jsonl",
    htmlPath: "out/eval.html",
    durationMs: 5000,
  };
}

/** The summary rows between the heading and the task table, without their leading spaces. */
function summaryRows(table: string): string[] {
  return table.split("\n").slice(1, table.split("\n").indexOf("")).map((row) => row.trim());
}

describe("renderEvalTable", () => {
  // A bug-fixing suite: every task starts from its buggy draft, so attempt 1 never passes.
  const repairs = [
    outcome("median", { status: "passed", reason: "passed", passedAt: 2, attempts: 2, fromDraft: true }),
    outcome("clamp", { status: "passed", reason: "passed", passedAt: 3, attempts: 3, fromDraft: true }),
    outcome("slugify", { status: "passed", reason: "passed", passedAt: 2, attempts: 2, fromDraft: true }),
    outcome("words", { fromDraft: true, finalStage: "tests", finalErrorType: "assertion" }),
    outcome("chunk", { fromDraft: true, finalStage: "tests", finalErrorType: "assertion" }),
  ];

  it("leads a repair suite with solved, then solved per repair attempt after the draft", () => {
    const rows = summaryRows(renderEvalTable(reportOf(repairs)));
    expect(rows[0]).toMatch(/^solved\s+3\/5\s+60\.0%$/);
    expect(rows[1]).toMatch(/^solved within n repairs of the draft\s+n=1 40\.0%\s+n=2 60\.0%\s+n=3 60\.0%\s+n=4 60\.0%$/);
    // pass@1 is not the headline (it is 0 by construction here), and the table says what it is.
    expect(rows.findIndex((row) => row.includes("pass@1"))).toBeGreaterThan(1);
    expect(rows.join("\n")).toMatch(/pass@1 = the first attempt passed; here the first attempt is the draft as given/);
  });

  it("keeps pass@1 for a generation suite, and says what it means", () => {
    const generated = [
      outcome("fizzbuzz", { status: "passed", reason: "passed", passedAt: 1, attempts: 1 }),
      outcome("median", { status: "passed", reason: "passed", passedAt: 2, attempts: 2 }),
    ];
    const rows = summaryRows(renderEvalTable(reportOf(generated)));
    expect(rows[0]).toMatch(/^solved\s+2\/2/);
    expect(rows[1]).toMatch(/^pass@1\s+1\/2\s+50\.0%$/);
    expect(rows.join("\n")).toMatch(/pass@1 = the first attempt passed/);
    expect(rows.join("\n")).not.toMatch(/draft/);
  });
});
