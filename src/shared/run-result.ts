import type { AttemptRecord } from "./attempt.js";
import type { Review } from "./review.js";
import type { Verification } from "./verification.js";

export type RunReason =
  | "passed"
  | "max_attempts"
  | "stuck"
  | "budget_tokens"
  | "budget_cost"
  | "budget_time"
  | "rejected"
  | "no_model"
  /** Nothing verified the code: no test ran (no tests given, no examples found). */
  | "no_tests"
  | "error"
  /** Paused and resumable with `mend resume`: a pending approval, or stopped by a signal (exit 130). */
  | "interrupted";

export interface RunUsage {
  modelCalls: number;
  inputTokens: number;
  outputTokens: number;
  costUsd: number;
  executions: number;
}

/** The result of `run`, `repair` and `resume` (SPEC shape, schemaVersion 1). */
export interface RunResult {
  schemaVersion: 1;
  runId: string;
  status: "passed" | "failed";
  reason: RunReason;
  /** True only when at least one test ran and every test passed. */
  verified: boolean;
  /** What verified the code (always set by the agent; optional for results made elsewhere). */
  verification?: Verification;
  /** Findings of the code review that ran once after success (absent with `--no-review` or no model). */
  review?: Review;
  language: string;
  code: string;
  files?: Record<string, string>;
  attempts: AttemptRecord[];
  usage: RunUsage;
  durationMs: number;
  runDir: string;
  /** Human-readable explanation when the run did not pass (e.g. how to configure a model). */
  message?: string;
  /** What the error -> fix memory gave the run (ids of the fixes recalled) and the fix the run added to it. */
  memory?: { used: string[]; recorded?: string };
  /** What a paused run waits for (with reason `interrupted`): `approval` of its verified code. */
  pending?: "approval";
}
