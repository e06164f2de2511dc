import { describe, expect, it } from "vitest";
import type { RunEvent } from "../runs/run-event.js";
import type { RunResult } from "../shared/run-result.js";
import type { LoggedEvent } from "./read-event-log.js";
import { runDecisions } from "./run-decisions.js";
import { runStateOf } from "./run-state.js";

const logged = (event: RunEvent): LoggedEvent =>
  ({ ts: "2026-01-01T10:00:00.000Z", ...event }) as LoggedEvent;

const counters = { attempts: 1, modelCalls: 1, inputTokens: 10, outputTokens: 5, costUsd: 0, executions: 1 };

describe("runDecisions", () => {
  it("lists routes, strategy switches, offline results and retries with their reasons and attempt", () => {
    const decisions = runDecisions([
      logged({ type: "run_started", runId: "r", runDir: "/r", resumed: false, model: "openai:x", language: "python" }),
      logged({ type: "node_entered", node: "generate", attempt: 0 }),
      logged({ type: "model_retry", node: "generate", retry: 1, reason: "HTTP 429", waitMs: 1000 }),
      logged({ type: "attempt", record: { n: 1, source: "model", strategy: "generate", stage: "tests", summary: "1 failed", durationMs: 5 }, counters }),
      logged({ type: "route", from: "diagnose", to: "offline_repair", why: "try the offline repair engine first" }),
      logged({ type: "offline_repair", status: "not_fixed", candidatesRun: 120, durationMs: 2500, reason: "no candidate passed" }),
      logged({ type: "strategy", from: "generate", to: "fix", why: "1 failed generate attempt" }),
    ]);
    expect(decisions.map((d) => [d.kind, d.attempt, d.title, d.detail])).toEqual([
      ["session", 0, "run started", "model openai:x"],
      ["model", 0, "generate: provider fault, retry 1", "HTTP 429, waited 1.0 s"],
      ["route", 1, "diagnose → offline_repair", "try the offline repair engine first"],
      ["offline", 1, "offline engine: not fixed", "120 candidates in 2.5 s: no candidate passed"],
      ["strategy", 1, "strategy generate → fix", "1 failed generate attempt"],
    ]);
  });

  it("shows the error boundary's warnings, detections, interventions and stops as alerts or warnings", () => {
    const decisions = runDecisions([
      logged({ type: "boundary", kind: "warning", message: "85% of the token budget used" }),
      logged({ type: "boundary", kind: "detection", message: "the same assertion failed after two repairs" }),
      logged({ type: "boundary", kind: "intervention", message: "modify_prompt: note added" }),
      logged({ type: "boundary", kind: "stop", message: "stuck: the loop repeats itself" }),
    ]);
    expect(decisions.every((d) => d.kind === "boundary")).toBe(true);
    expect(decisions.map((d) => [d.severity, d.title, d.detail])).toEqual([
      ["warning", "boundary warning", "85% of the token budget used"],
      ["alert", "boundary detected a stuck loop", "the same assertion failed after two repairs"],
      ["warning", "boundary intervened", "modify_prompt: note added"],
      ["alert", "boundary stopped the run", "stuck: the loop repeats itself"],
    ]);
  });

  it("skips events it does not know", () => {
    expect(runDecisions([{ type: "something_new", detail: 1 }])).toEqual([]);
  });
});

describe("runStateOf", () => {
  const base: RunResult = {
    schemaVersion: 1,
    runId: "r",
    status: "failed",
    reason: "max_attempts",
    verified: false,
    language: "python",
    code: "",
    attempts: [],
    usage: { modelCalls: 0, inputTokens: 0, outputTokens: 0, costUsd: 0, executions: 0 },
    durationMs: 1,
    runDir: "/r",
  };
  const started = logged({ type: "run_started", runId: "r", runDir: "/r", resumed: true, model: "offline", language: "python" });
  const finished = logged({ type: "run_finished", status: "failed", reason: "max_attempts", attempts: 1, durationMs: 1 });

  it.each([
    ["passed", { ...base, status: "passed" as const, reason: "passed" as const }, { kind: "passed" }],
    ["gave up", base, { kind: "gave_up", reason: "max_attempts" }],
    ["rejected", { ...base, reason: "rejected" as const }, { kind: "gave_up", reason: "rejected" }],
    ["stopped by a budget", { ...base, reason: "budget_tokens" as const }, { kind: "stopped", reason: "budget_tokens" }],
    ["interrupted", { ...base, reason: "interrupted" as const }, { kind: "stopped", reason: "interrupted" }],
    ["paused", { ...base, reason: "interrupted" as const, pending: "approval" as const }, { kind: "paused", pending: "approval" }],
  ])("%s", (_name, result, state) => {
    expect(runStateOf(result, [started, finished])).toEqual(state);
  });

  it("is running with no summary yet, or when a session started after the summary was written", () => {
    expect(runStateOf(undefined, [started])).toEqual({ kind: "running" });
    expect(runStateOf(base, [started, finished, started])).toEqual({ kind: "running" });
  });
});
