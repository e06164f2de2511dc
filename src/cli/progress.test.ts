import { describe, expect, it } from "vitest";
import type { RunEvent } from "../runs/run-event.js";
import { createProgress, describeResult } from "./progress.js";

const counters = { attempts: 1, modelCalls: 1, inputTokens: 900, outputTokens: 300, costUsd: 0.0002, executions: 2 };

describe("progress", () => {
  it("prints one line per node with the attempt, stage, tests passed/total, tokens so far and the next step", () => {
    const written: string[] = [];
    const show = createProgress((text) => written.push(text));
    const events: RunEvent[] = [
      { type: "run_started", runId: "r1", runDir: "/runs/r1", resumed: false, model: "openai:gpt-4o-mini", language: "python" },
      { type: "node_entered", node: "generate", attempt: 0 },
      { type: "node_finished", node: "generate", durationMs: 1200, counters: { ...counters, attempts: 0 } },
      { type: "node_entered", node: "validate", attempt: 0 },
      {
        type: "attempt",
        record: { n: 1, source: "model", strategy: "generate", stage: "tests", errorType: "assertion", summary: "test_even: expected 2.5, got 3", testsPassed: 1, testsTotal: 2, durationMs: 3000 },
        counters,
      },
      { type: "route", from: "validate", to: "diagnose", why: "failed at tests" },
      { type: "node_finished", node: "validate", durationMs: 1800, counters },
      { type: "node_entered", node: "diagnose", attempt: 1 },
      { type: "strategy", from: "generate", to: "fix", why: "1 failed generate attempt: switch to fix" },
      { type: "route", from: "diagnose", to: "analyze", why: "assertion failure" },
      { type: "node_finished", node: "diagnose", durationMs: 2, counters },
    ];
    events.forEach(show);
    const lines = written.join("\n").split("\n");
    expect(lines[0]).toContain("run r1 · python · model openai:gpt-4o-mini");
    expect(lines[2]).toMatch(/generate\s+1\.2 s · tokens so far 1,200/);
    expect(lines[3]).toMatch(/validate\s+1\.8 s · attempt 1 \[model\/generate\] failed at tests \(assertion\) tests 1\/2: test_even/);
    expect(lines[4]).toMatch(/diagnose .*strategy generate -> fix .* -> analyze$/);
  });

  it("sums up a result: outcome, cost, message and where the run is", () => {
    const text = describeResult({
      schemaVersion: 1,
      runId: "r1",
      status: "failed",
      reason: "max_attempts",
      verified: false,
      language: "python",
      code: "",
      attempts: [],
      usage: { modelCalls: 5, inputTokens: 1000, outputTokens: 234, costUsd: 0.01, executions: 5 },
      durationMs: 4200,
      runDir: "/runs/r1",
      message: "5 of 5 attempts used",
    });
    expect(text).toContain("stopped: max_attempts · 5 model calls · 1,234 tokens · $0.0100 · 4.2 s");
    expect(text).toContain("5 of 5 attempts used");
    expect(text).toContain("run r1 in /runs/r1");
  });
});
