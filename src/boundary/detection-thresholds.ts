/**
 * Thresholds and windows of the stuck detectors. All counts are in observations of the kind.
 * The defaults tolerate a run that makes progress at least every third attempt: none of
 * the attempt-level detectors fires before four attempts in a row fail to progress.
 */
export interface DetectionThresholds {
  /** Copies of a repeating block of node signatures that make a loop: A,A,A or A,B,A,B,A,B. */
  loopRepeats: number;
  /** Longest repeating block looked for, in node executions. */
  loopMaxPeriod: number;
  /** With a custom `signature`: occurrences of one signature within `signatureWindow` that make a repeat. */
  signatureRepeats: number;
  signatureWindow: number;
  /** The same error signature in this many consecutive attempts (the first one and the failed fixes). */
  errorRepeats: number;
  /** Attempts in a row without a progress figure above the best one before them. */
  progressWindow: number;
  /** Character similarity (0..1) at or above which two texts of node updates say the same (a rephrasing). */
  textSimilarity: number;
  /** Cosine similarity at or above which two texts say the same, with an `embeddings` model. */
  semanticSimilarity: number;
  /** Similarity (0..1) at or above which two attempts' code counts as near-identical. */
  similarity: number;
  /** Attempts in a row near-identical to an earlier one, with no progress, that make a detection. */
  similarRepeats: number;
  /** Attempts in a row identical to an earlier one (after normalizing whitespace), with no progress. */
  identicalRepeats: number;
  /** How many earlier attempts each new code is compared with. */
  similarityWindow: number;
  /** Model calls the slow-leak detector fits its line over. */
  leakWindow: number;
  /** Rise of the fitted input tokens across the window, as a fraction of its start, that makes a leak (1: doubled). */
  leakGrowth: number;
  /** R² (0..1) the fitted line needs: the rise must be steady, not one big call. */
  leakFit: number;
}

export const DEFAULT_THRESHOLDS: Readonly<DetectionThresholds> = {
  loopRepeats: 3,
  loopMaxPeriod: 4,
  signatureRepeats: 3,
  signatureWindow: 12,
  errorRepeats: 4,
  progressWindow: 4,
  textSimilarity: 0.8,
  semanticSimilarity: 0.9,
  similarity: 0.97,
  similarRepeats: 3,
  identicalRepeats: 2,
  similarityWindow: 3,
  leakWindow: 8,
  leakGrowth: 1,
  leakFit: 0.9,
};
