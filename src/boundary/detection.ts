/** The stuck patterns the boundary recognises. */
export type DetectionKind = "repeated_state" | "alternation" | "repeated_error" | "no_progress" | "similar_code";

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
}
