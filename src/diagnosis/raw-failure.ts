/**
 * What the language runners hand to diagnosis: facts read from structured tool output,
 * before any judgement about types, frames or blame.
 */

/** One stack frame; `file` is relative to the work folder when the frame is inside it. */
export interface StackFrame {
  file: string;
  line: number;
  column?: number;
  function?: string;
}

/** An exception as the runtime reported it; frames run from outermost to innermost. */
export interface RawError {
  /** The exception class name (`NameError`, `TypeError`, ...) or a runner marker like `Timeout`. */
  type: string;
  message: string;
  frames: StackFrame[];
  /** Set when the runner, not the code, ended the test (per-test timeout). */
  timedOut?: boolean;
}

/** A failed comparison as the assertion library reported it. */
export interface RawAssertion {
  /** The assertion as written in the test, e.g. `assert median([1, 2]) == 1.5`. */
  expression?: string;
  operator?: string;
  expected?: string;
  actual?: string;
}

export interface RawTestCase {
  /** Full test name, suites joined with ` > `, parameter ids included. */
  name: string;
  file?: string;
  line?: number;
  outcome: "passed" | "failed" | "skipped";
  error?: RawError;
  assertion?: RawAssertion;
  /** The parameterised input, e.g. `xs=[1, 2], want=1.5`. */
  input?: string;
}

/** A test file that could not be loaded (import-time failure, bad test file). */
export interface RawLoadError {
  file: string;
  error: RawError;
}

/** Everything a test run produced, with the sandbox's own verdict on how it ended. */
export interface RawTestRun {
  cases: RawTestCase[];
  loadErrors: RawLoadError[];
  /** The runner collected no test at all. */
  noTests: boolean;
  /** How the whole run ended when the sandbox stopped it (timeout, memory, output). */
  killed?: "timeout" | "memory" | "output" | "crash";
  /** The runner's own output, trimmed, for cases the structured report does not cover. */
  output: string;
}
