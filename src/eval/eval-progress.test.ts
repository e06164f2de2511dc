import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import type { RunResult } from "../shared/run-result.js";
import { createEvalProgress } from "./eval-progress.js";
import { toEvalTaskResult } from "./eval-task-result.js";

function stream(isTTY: boolean): { out: NodeJS.WriteStream; text: () => string } {
  let text = "";
  const writable = new Writable({
    write(chunk: Buffer, _encoding, done) {
      text += chunk.toString();
      done();
    },
  });
  Object.assign(writable, { isTTY, columns: 100, cursorTo: () => true, clearLine: () => true, moveCursor: () => true });
  return { out: writable as unknown as NodeJS.WriteStream, text: () => text };
}

const run = (status: "passed" | "failed"): RunResult => ({
  schemaVersion: 1,
  runId: "r",
  status,
  reason: status === "passed" ? "passed" : "no_model",
  verified: status === "passed",
  language: "python",
  code: "",
  attempts: status === "passed" ? [{ n: 1, source: "model", strategy: "generate", stage: "ok", summary: "ok", durationMs: 5 }] : [],
  usage: { modelCalls: 1, inputTokens: 1, outputTokens: 1, costUsd: 0, executions: 1 },
  durationMs: 1500,
  runDir: "/r",
});

describe("createEvalProgress", () => {
  it("writes one line per finished task, with an ETA, when stderr is not a terminal", () => {
    const { out, text } = stream(false);
    const progress = createEvalProgress(out);
    progress.onProgress({ type: "started", toRun: 2, reused: 3, selected: 5, concurrency: 2 });
    progress.onProgress({ type: "task_finished", taskId: "a", result: toEvalTaskResult("a", run("passed")), done: 1, toRun: 2 });
    progress.onProgress({ type: "warning", message: "no report for a" });
    progress.onProgress({ type: "task_finished", taskId: "b", result: toEvalTaskResult("b", run("failed")), done: 2, toRun: 2 });
    progress.stop();
    const lines = text().trim().split("\n");
    expect(lines[0]).toBe("mend eval: 2 of 5 tasks to run (3 finished earlier, not run again), 2 at a time");
    expect(lines[1]).toMatch(/^ {2}\[1\/2\] a passed at attempt 1 · 1\.5 s · ETA \d/);
    expect(lines[2]).toBe("  warning: no report for a");
    expect(lines[3]).toBe("  [2/2] b failed (no_model) · 1.5 s");
  });

  it("draws a bar on a terminal and prints warnings after it", () => {
    const { out, text } = stream(true);
    const progress = createEvalProgress(out);
    progress.onProgress({ type: "started", toRun: 1, reused: 0, selected: 1, concurrency: 1 });
    progress.onProgress({ type: "warning", message: "later" });
    progress.onProgress({ type: "task_finished", taskId: "a", result: toEvalTaskResult("a", run("passed")), done: 1, toRun: 1 });
    progress.stop();
    expect(text()).toMatch(/mend eval \[[^\]]+\] 1\/1 · 1 passed · ETA/);
    expect(text().trimEnd().endsWith("warning: later")).toBe(true);
  });
});
