import { describe, expect, it } from "vitest";
import type { RunEvent } from "../runs/run-event.js";
import type { RunResult } from "../shared/run-result.js";
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

  it("says in the closing line what verified passing code: your tests, examples and where they are written", () => {
    const passed = (verification: RunResult["verification"]): RunResult => ({
      schemaVersion: 1,
      runId: "r2",
      status: "passed",
      reason: "passed",
      verified: true,
      ...(verification ? { verification } : {}),
      language: "python",
      code: "",
      attempts: [{ n: 2, source: "offline", strategy: "offline", stage: "ok", summary: "", durationMs: 1 }],
      usage: { modelCalls: 0, inputTokens: 0, outputTokens: 0, costUsd: 0, executions: 3 },
      durationMs: 1000,
      runDir: "/runs/r2",
    });
    const example = (origin: "docstring" | "requirement", line: number) => ({ name: `t${line}`, origin, file: "x.py", line, code: "f(1)" });
    const chosen = (...origins: ("docstring" | "requirement")[]) =>
      ({ type: "tests_chosen", by: "examples", tests: 1, examples: origins.map((origin, i) => example(origin, i + 1)) }) as const;
    expect(describeResult(passed({ by: "tests", testsRun: 12 }))).toContain("mend: passed on attempt 2, verified by 12 of your tests ·");
    expect(describeResult(passed({ by: "tests", testsRun: 1 }))).toContain("verified by your 1 test ·");
    expect(describeResult(passed({ by: "examples", testsRun: 3 }), chosen("docstring", "docstring", "docstring"))).toContain(
      "verified by 3 examples from the docstring ·",
    );
    expect(describeResult(passed({ by: "examples", testsRun: 2 }), chosen("docstring", "requirement"))).toContain(
      "verified by 2 examples from the docstring and the requirement ·",
    );
    expect(describeResult(passed({ by: "generated", testsRun: 9 }))).toContain("verified by 9 generated tests ·");
    const reviewed = (review: RunResult["review"]) => describeResult({ ...passed({ by: "tests", testsRun: 2 }), ...(review ? { review } : {}) });
    const findings = [
      { severity: "low" as const, text: "no docstring" },
      { severity: "high" as const, line: 4, text: "median([]) raises IndexError" },
    ];
    expect(reviewed({ model: "m", findings })).toContain("\n  review: 2 findings (1 high, 1 low), e.g. line 4: median([]) raises IndexError\n");
    expect(reviewed({ model: "m", findings, fix: { status: "applied", summary: "" } })).toContain("; fix applied\n");
    expect(reviewed({ model: "m", findings: [] })).toContain("\n  review: no findings\n");
    expect(reviewed({ model: "m", findings: [], failed: "the reply held no JSON findings" })).toContain(
      "review: failed (the reply held no JSON findings); the run is unaffected",
    );
    expect(reviewed(undefined)).not.toContain("review:");
  });

  it("lists the examples a run is verified by as it starts, and says when nothing can verify it", () => {
    const written: string[] = [];
    const show = createProgress((text) => written.push(text));
    const examples = [1, 2, 3, 4].map((line) => ({ name: `t${line}`, origin: "requirement" as const, file: "requirement", line, code: `add(${line}, 1)` }));
    show({ type: "tests_chosen", by: "examples", tests: 1, examples });
    show({ type: "tests_chosen", by: "none", tests: 0, examples: [] });
    expect(written).toEqual([
      "  verifying by 4 examples from the requirement: requirement:1 add(1, 1), requirement:2 add(2, 1), requirement:3 add(3, 1), and 1 more",
      "  no tests and no examples: nothing can verify this code",
    ]);
  });
});
