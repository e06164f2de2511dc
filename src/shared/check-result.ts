/** Validation layers, cheapest first; `ok` means every layer passed. */
export type Stage = "syntax" | "imports" | "network" | "lint" | "types" | "tests" | "ok";

/** Error classes the diagnosis assigns by rules. */
export type ErrorType =
  | "syntax"
  | "name"
  | "type"
  | "attribute"
  | "index"
  | "key"
  | "dependency"
  | "assertion"
  | "timeout"
  | "memory"
  | "recursion"
  | "network"
  | "lint"
  | "type_check"
  | "runtime"
  | "test_error"
  | "no_tests"
  | "empty";

export interface SourceLocation {
  file: string;
  line: number;
  column?: number;
}

export interface TestFailure {
  name: string;
  message: string;
  expected?: string;
  actual?: string;
  location?: SourceLocation;
  /** The assertion expression, when the runner reports it. */
  assertion?: string;
  /** The parameterised input, when the test is parameterised. */
  input?: string;
}

export interface TestSummary {
  passed: number;
  failed: number;
  errors: number;
  failures: TestFailure[];
}

export interface LayerReport {
  name: Exclude<Stage, "ok">;
  status: "pass" | "fail" | "skipped";
  durationMs: number;
  reason?: string;
}

/** Result of layered validation plus diagnosis: the SPEC `check` shape and internal extras. */
export interface CheckResult {
  passed: boolean;
  stage: Stage;
  errorType?: ErrorType;
  summary: string;
  location?: SourceLocation;
  /** The error line with a few lines around it, the failing line marked with `>`. */
  context?: string;
  tests?: TestSummary;
  layers: LayerReport[];
  /** Normalized error signature (type + stripped message + location) for repeat detection. */
  signature?: string;
  /** The error message as the tool printed it (trimmed), for prompts. */
  message?: string;
  /** Sandbox executions this check used. */
  executions: number;
  /**
   * Signatures of every lint finding in the checked code (fatal classes only). Validate the
   * draft once and pass these back as `baselineLint`, so a repair is not blamed for them.
   */
  lintSignatures?: string[];
}
