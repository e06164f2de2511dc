import type { AttemptRecord } from "../shared/attempt.js";
import type { RunReason } from "../shared/run-result.js";

/** Running totals of a run, as carried in events and progress lines. */
export interface RunCounters {
  attempts: number;
  modelCalls: number;
  inputTokens: number;
  outputTokens: number;
  costUsd: number;
  executions: number;
}

/**
 * What happened during a run, one JSON line each in `events.jsonl` (stamped with `ts`, an
 * ISO time) and handed to `onEvent` (the CLI's progress display reads the same stream).
 */
export type RunEvent =
  | { type: "run_started"; runId: string; runDir: string; resumed: boolean; model: string; language: string }
  | { type: "node_entered"; node: string; attempt: number }
  | { type: "node_finished"; node: string; durationMs: number; counters: RunCounters }
  | { type: "route"; from: string; to: string; why: string }
  | { type: "attempt"; record: AttemptRecord; signature?: string; counters: RunCounters }
  | { type: "strategy"; from: string; to: string; why: string }
  | { type: "model_call"; node: string; tokens: { input: number; output: number }; retries: number; durationMs: number; temperature?: number }
  | { type: "model_retry"; node: string; retry: number; reason: string; waitMs?: number }
  | { type: "offline_repair"; status: "fixed" | "not_fixed" | "skipped"; candidatesRun: number; durationMs: number; reason?: string }
  | { type: "awaiting_approval"; runId: string }
  /** What the run is verified by, at its start: the user's tests, examples found in the task (listed), or nothing. */
  | { type: "tests_chosen"; by: "tests" | "examples" | "none"; tests: number; examples: { name: string; origin: "docstring" | "requirement"; file: string; line: number; code: string }[] }
  /** A model wrote tests (round 1 before the first program, round 2 when asked for more): how many are kept in all (and their names; absent in older logs), how many this round added, how many were dropped in all. */
  | { type: "tests_generated"; round: number; kept: number; added: number; dropped: number; names?: string[] }
  /** The generated tests' mutation score on a passing program. */
  | { type: "mutation_score"; status: "measured"; mutants: number; killed: number; score: number }
  | { type: "mutation_score"; status: "unmeasured"; reason: string }
  /** The test review judged disputed generated tests; those judged wrong were dropped. */
  | { type: "tests_reviewed"; disputed: string[]; dropped: string[]; failed?: string }
  | { type: "approval"; approved: boolean }
  | { type: "run_finished"; status: "passed" | "failed"; reason: RunReason; attempts: number; durationMs: number }
  | { type: "run_interrupted"; why: "signal" | "crash"; message?: string }
  /** Fixes the error -> fix memory recalled for the next attempt (by the offline engine or in the model's prompt). */
  | { type: "memory_recalled"; for: "offline" | "model"; attempt: number; ids: string[] }
  /** What the run took from the memory (and whether the attempt made with it was verified), and the fix it added. */
  | { type: "memory_summary"; used: { id: string; helped: boolean }[]; recorded?: string }
  /** The memory could not be read or written: the run goes on without it. */
  | { type: "memory_unavailable"; message: string }
  /** The error boundary warned, detected a stuck loop, intervened or stopped the run. */
  | { type: "boundary"; kind: "warning" | "detection" | "intervention" | "stop" | "fault"; message: string };
