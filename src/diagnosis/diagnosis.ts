import type { ErrorType, SourceLocation, TestSummary } from "../shared/check-result.js";

/** The verdict on one failing layer: what went wrong, where, and how to recognise it again. */
export interface Diagnosis {
  errorType: ErrorType;
  /** One line a person or a model can act on. */
  summary: string;
  /** The tool's message, trimmed. */
  message: string;
  location?: SourceLocation;
  /** The failing line with 3 lines around it, the failing line marked with `>`. */
  context?: string;
  signature: string;
  tests?: TestSummary;
}
