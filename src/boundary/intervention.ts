import type { Detection } from "./detection.js";
import type { StateSize } from "./state-size.js";

/** What the boundary can do about a detection or a node error. */
export type InterventionKind =
  | "continue"
  | "retry"
  | "rollback"
  | "modify_prompt"
  | "alternative_path"
  | "ask_human"
  | "compress"
  | "terminate";

/**
 * An intervention as a policy chooses it. `note` is written to the state key `noteKey`
 * (see `BoundaryOptions.noteKey`); `update` is merged into the state as well, for graphs
 * that read a flag of their own (e.g. `{ forceStrategy: "fresh" }`).
 */
export type Intervention =
  | { kind: "continue" }
  /** Re-run the node that threw, from the last checkpoint, after `backoffMs * 2^(n-1)`. */
  | { kind: "retry"; maxRetries?: number; backoffMs?: number }
  /** Return to the checkpoint before the detected pattern began and go on from there. */
  | { kind: "rollback"; note?: string; update?: Record<string, unknown> }
  /** Add guidance to the state and re-run the node that was about to run. */
  | { kind: "modify_prompt"; note?: string; update?: Record<string, unknown> }
  /** Skip the node that was about to run and route to `goto` instead. */
  | { kind: "alternative_path"; goto: string; note?: string; update?: Record<string, unknown> }
  /** Pause the run; the caller resumes it with `Command({ resume })` (see `withErrorBoundary`). */
  | { kind: "ask_human"; question?: string }
  /**
   * Shrink the state and go on: trim (or summarize) the messages channel, or call the
   * `compress` function of the options; `maxTokens` overrides `compress.maxTokens` once.
   */
  | { kind: "compress"; maxTokens?: number }
  | { kind: "terminate" };

/** A node threw and the error escaped the graph. */
export interface NodeFailure {
  node?: string;
  /** The node execution that failed (1-based), when known. */
  step?: number;
  name: string;
  message: string;
  /** Normalized message, used to spot the same error coming back. */
  signature: string;
  /** Set when the error is a `ModelProviderError` (the provider failed after its retries). */
  provider?: string;
  status?: number;
}

/** What an intervention answers: a stuck pattern, or a node error that escaped the graph. */
export type InterventionTrigger = { type: "detection"; detection: Detection } | { type: "error"; error: NodeFailure };

/** Did the run recover after an intervention? Decided within `recoveryWindow` node executions. */
export type InterventionOutcome = "pending" | "recovered" | "not_recovered" | "unresolved";

/** One intervention as it was decided, applied (or not, and why) and how it turned out. */
export interface InterventionRecord {
  id: number;
  kind: InterventionKind;
  trigger: InterventionTrigger;
  /** Node executions completed when it was decided. */
  at: number;
  applied: boolean;
  /** What was done instead when it could not be applied (e.g. no checkpointer). */
  fallback?: InterventionKind;
  /** Why it was not applied, or how it was applied. */
  detail: string;
  /** The note written to the state, if any. */
  note?: string;
  outcome: InterventionOutcome;
  /** Why the outcome is what it is (e.g. "no new detection within 4 node executions"). */
  outcomeDetail?: string;
  /** A compress intervention: how, and the state's size before and after it. */
  compression?: Compression;
}

/** What a compress intervention did. */
export interface Compression {
  /** `trim`: messages dropped; `summary`: replaced by a model's summary; `function`: the options' compress function. */
  method: "trim" | "summary" | "function";
  before: StateSize;
  after: StateSize;
  /** Messages taken out of the list (trim and summary). */
  removed?: number;
}
