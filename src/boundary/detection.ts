import type { StateSize } from "./state-size.js";

/** The stuck patterns the boundary recognises. */
export type DetectionKind =
  | "repeated_state"
  | "alternation"
  | "repeated_error"
  | "no_progress"
  | "similar_code"
  /** The state passed `budgets.stateBytes` or `budgets.messages`. */
  | "state_size"
  /** Input tokens per model call rising steadily while progress stalls. */
  | "slow_leak";

/** Kinds about a state that grows rather than a run that repeats itself. */
export const GROWTH_KINDS: ReadonlySet<DetectionKind> = new Set(["state_size", "slow_leak"]);

/** The figures behind a growth detection. */
export interface GrowthFigures {
  /** What grew: the serialized state, its message count, or the input tokens per call. */
  measure: "state_bytes" | "messages" | "input_tokens";
  /** The figures, oldest first (one for a state-size detection, the fitted window for a leak). */
  values: number[];
  /** The budget passed (state-size detections). */
  limit?: number;
  /** Fitted rise per call (slow leak). */
  slope?: number;
  /** R² of the fitted line, 0..1 (slow leak). */
  fit?: number;
  /** The whole state's size when it was measured (state-size detections). */
  state?: StateSize;
}

/** How alike two attempts' code is, as a 0..1 ratio of shared characters. */
export interface SimilarityFigure {
  /** Node executions (1-based, in run order) that produced the two codes. */
  from: number;
  to: number;
  ratio: number;
}

/**
 * One recognised stuck pattern, with the evidence that explains it: which node executions,
 * which signatures, which figures. `steps` are node-execution indices (1-based, run order).
 */
export interface Detection {
  kind: DetectionKind;
  /** The node execution after which the pattern was recognised. */
  at: number;
  /** The node whose update completed the pattern. */
  node: string;
  /** Nodes involved, in order of first appearance. */
  nodes: string[];
  /** Node executions involved. */
  steps: number[];
  /** Supersteps (LangGraph step numbers) involved; rollback returns to before the first one. */
  supersteps: number[];
  /** One sentence a person can act on. */
  explanation: string;
  /** Repeating signatures (canonical hashes or the custom signature), oldest first. */
  signatures?: string[];
  /** Length of the repeating block of a loop (1 for `repeated_state`, 2 for `alternation`). */
  period?: number;
  /** The repeated error signature. */
  error?: string;
  /** Progress figures over the window, oldest first. */
  progress?: number[];
  /** Similarity figures between the attempts involved. */
  similarities?: SimilarityFigure[];
  /** Sizes and fitted slope of a growth detection. */
  growth?: GrowthFigures;
}
