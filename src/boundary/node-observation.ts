import type { UpdateFingerprint } from "./update-fingerprint.js";

/** One node execution as the stuck detectors see it. */
export interface NodeObservation {
  /** Node executions so far, this one included (1-based, run order). */
  index: number;
  node: string;
  /** The LangGraph superstep it ran in. */
  superstep: number;
  /** The state signature of this execution; undefined when a custom signature skipped it. */
  signature?: string;
  /** The update's fingerprint (default signatures): compared by shape, text similarity and numbers. */
  fingerprint?: UpdateFingerprint;
  /** Embeddings of the fingerprint's texts, when an `embeddings` model is given. */
  vectors?: number[][];
  /** Normalized error this execution reported (from `errorSignature`), if any. */
  error?: string;
  /** Progress figure this execution reported (from `progress`), if any. */
  progress?: number;
  /** Code this execution produced (from `code`), if any. */
  code?: string;
}
