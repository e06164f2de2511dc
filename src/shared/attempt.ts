import type { ErrorType, Stage } from "./check-result.js";

export type AttemptSource = "draft" | "model" | "offline";

/** Strategies of the loop, in the order it escalates through them. */
export type Strategy = "generate" | "fix" | "plan_fix" | "fresh";

export interface TokenUsage {
  input: number;
  output: number;
}

/** One attempt as reported in run JSON (SPEC shape). */
export interface AttemptRecord {
  n: number;
  source: AttemptSource;
  strategy: Strategy | string;
  stage: Stage;
  errorType?: ErrorType;
  summary: string;
  testsPassed?: number;
  testsTotal?: number;
  durationMs: number;
  tokens?: TokenUsage;
}
