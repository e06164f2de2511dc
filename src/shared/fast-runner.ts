import type { ExecResult } from "./exec-result.js";
import type { Language } from "./language.js";

/** What to run for one candidate: its test files, with limits of its own. */
export interface FastRunOptions {
  /** Work-folder-relative test files to run (pytest files, or `node:test` files). */
  testFiles: string[];
  /** Wall-clock limit of this candidate in milliseconds. */
  timeoutMs: number;
  /** Memory limit of this candidate in MiB (default chosen by the runner). */
  memoryMb?: number;
  /** CPU-time limit of this candidate in seconds (default: twice the timeout, as for `Sandbox.run`). */
  cpuSeconds?: number;
  /** Cap per stream; past it the candidate is killed with reason `output`. Default 1 MiB. */
  outputLimitBytes?: number;
  /** Extra command-line arguments for the test tool (pytest only, e.g. `["-x"]`). */
  args?: string[];
}

/** One test case as the test tool reported it. */
export interface TestCaseResult {
  /** pytest node id (`test_median.py::test_odd`) or the `node:test` name path (`suite > case`). */
  name: string;
  /** The test file, relative to the work folder, when the tool reports it. */
  file?: string;
  outcome: "passed" | "failed" | "error" | "skipped";
  durationMs: number;
  /** First lines of the failure, when the test did not pass. */
  message?: string;
}

/** A candidate's run: the usual flat execution result plus per-test results. */
export interface FastRunResult extends ExecResult {
  /** Per-test results in the order they finished; empty when the tool never got that far. */
  tests: TestCaseResult[];
  /**
   * A JUnit XML report: the test tool's own (`pytest --junitxml`, `node --test-reporter=junit`),
   * or, under the node:test stand-in, one written from the results in the same layout.
   */
  junitXml?: string;
  /** The tests ran under mendloop's node:test stand-in rather than node:test itself. */
  standIn?: boolean;
}

/**
 * A warm runner for many candidates of the same program (the repair engine's inner loop).
 * It runs inside the strong sandbox's isolation and keeps the test tool loaded, so each
 * candidate costs a fork or a fresh worker instead of a new interpreter. Calls are served
 * one at a time, in order; each candidate gets a fresh working copy of `files`.
 */
export interface FastRunner {
  readonly language: Language;
  runTests(files: Record<string, string>, options: FastRunOptions): Promise<FastRunResult>;
  /** Stops the warm runner and removes its folders. */
  close(): Promise<void>;
}
