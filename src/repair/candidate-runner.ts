import type { Language } from "../shared/language.js";
import type { Sandbox } from "../shared/sandbox.js";
import type { ProjectContext, SourceFile } from "../shared/task.js";

/** What one test did on the original program. */
export interface TestObservation {
  id: string;
  outcome: "passed" | "failed" | "skipped" | "timeout";
  durationMs: number;
  /** CPU time the test took (its limit when it hung), where the runner measures it (Python). */
  cpuMs?: number;
  /** Program lines the test executed (1-based). */
  lines: number[];
  /** The deepest program line in the failure's traceback, when the test failed with one. */
  failLine?: number;
}

export type Baseline =
  | { status: "ok"; tests: TestObservation[]; durationMs: number; importError?: string }
  | { status: "error"; reason: string; durationMs: number };

/** The verdict on one candidate: how many of the originally failing and passing tests pass now. */
export interface CandidateVerdict {
  id: number;
  /** The candidate did not compile (never counted as run). */
  invalid: boolean;
  timedOut: boolean;
  failingPassed: number;
  failingTotal: number;
  /** Unknown when the run stopped early because no originally failing test passed. */
  restPassed: number | null;
  restTotal: number;
  /** Failures of tests the baseline never saw finish (after a hang in a JavaScript suite). */
  unknownFailed: number;
  durationMs: number;
  /** CPU time the candidate's own process used, where the runner measures it (Python). */
  cpuMs?: number;
}

export interface CandidateBatch {
  candidates: { id: number; code: string }[];
  failing: string[];
  passing: string[];
  /** Per-candidate wall-clock limit (a backstop: the CPU-time limit usually ends a loop first). */
  timeoutMs: number;
  /** Per-candidate CPU-time limit, where the runner can measure it (Linux /proc). */
  cpuMs: number;
  /**
   * CPU-time limit per test id (see `testTimeLimits`), where the runner keeps one (Python): a
   * candidate's run ends at its first test over its limit. `cpuMs` and `timeoutMs` stay the
   * whole run's backstop. The order of `failing` and of `passing` is the order they run in.
   */
  testCpuMs?: Record<string, number>;
  /** Stop starting candidates after this long. */
  budgetMs: number;
  /** Once a candidate passes everything, run at most this many more. */
  extraAfterPlausible: number;
  /** The original program hung in the baseline (so a hang on it is the expected outcome). */
  originalHangs: boolean;
  /**
   * The whole batch, start-up included, is stopped after this long, whatever it is doing
   * (the engine's deadline); verdicts reported before then still count.
   */
  wallLimitMs?: number;
}

export interface BatchOutcome {
  verdicts: CandidateVerdict[];
  /** Ids the runner never started (budget spent, or enough found). */
  unstarted: number[];
}

/** Runs the tests of a program and of its candidate repairs inside the sandbox. */
export interface CandidateRunner {
  /**
   * Runs the original program's tests once, recording each test's outcome and covered lines;
   * stopped after `wallLimitMs` (start-up included) when given.
   */
  baseline(testTimeoutMs: number, budgetMs: number, wallLimitMs?: number): Promise<Baseline>;
  evaluate(batch: CandidateBatch): Promise<BatchOutcome>;
  /** Stops what the runner keeps running between calls (a warm test server); call it once done with the runner. */
  close(): Promise<void>;
}

export interface RunnerSetup {
  language: Language;
  entry: string;
  /** The original program: the tests are collected against it (once per runner or per batch), and the baseline's subject. */
  code: string;
  tests: SourceFile[];
  support?: SourceFile[];
  sandbox: Sandbox;
  /** Parallel candidate processes inside one sandbox run. */
  jobs: number;
  /** The project the program lives in; its files stay on disk, visible to every run. */
  project?: ProjectContext;
}
