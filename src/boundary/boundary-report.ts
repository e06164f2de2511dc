import type { BoundaryStopDetails } from "../errors/index.js";
import type { Detection } from "./detection.js";
import type { NodeFailure } from "./intervention.js";
import type { CallSample, StateSizeSample } from "./state-size.js";

/** Why a boundary stopped (or paused) a run. */
export type BoundaryStopReason =
  | "budget_steps"
  | "budget_tokens"
  | "budget_cost"
  | "budget_time"
  | "node_limit"
  | "recursion_limit"
  /** The state passed `budgets.stateBytes` or `budgets.messages` and compressing it did not help (or was not possible). */
  | "budget_state"
  | "stuck"
  | "error"
  | "ask_human";

/** What a run has spent so far. */
export interface BoundaryUsage {
  /** Node executions. */
  steps: number;
  modelCalls: number;
  inputTokens: number;
  outputTokens: number;
  costUsd: number;
  elapsedMs: number;
  /** Calls whose provider reported no usage, counted from the local estimate instead. */
  estimatedCalls: number;
}

export type BudgetKind = "steps" | "tokens" | "cost" | "time" | "node" | "state_bytes" | "messages";

/** One budget against its use; `fraction` is used / limit. */
export interface BudgetStatus {
  kind: BudgetKind;
  /** For per-node limits. */
  node?: string;
  limit: number;
  used: number;
  fraction: number;
}

/**
 * The report attached to the last state (`state.boundary`) when the boundary stops or pauses a
 * run, and carried by `BoundaryStopError` under `onStop: "throw"`.
 */
export interface BoundaryReport extends BoundaryStopDetails {
  /** `paused` only for `ask_human`: the caller resumes the run with `Command({ resume })`. */
  status: "stopped" | "paused";
  reason: BoundaryStopReason;
  /** LangGraph superstep at which the run stopped, when known. */
  superstep?: number;
  usage: BoundaryUsage;
  budgets: BudgetStatus[];
  /** Every detection of the run, oldest first; the last one caused a `stuck` stop. */
  detections: Detection[];
  /** The node error behind an `error` stop. */
  error?: NodeFailure;
  /** For `ask_human`: what the boundary asks. */
  question?: string;
  /** State size before each superstep and input tokens of each model call, for charts. */
  growth: Growth;
}

/** How the run's state and its calls grew, step by step. */
export interface Growth {
  state: StateSizeSample[];
  calls: CallSample[];
}
