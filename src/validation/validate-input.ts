import type { Language } from "../shared/language.js";
import type { Sandbox } from "../shared/sandbox.js";
import type { ProjectContext, SourceFile } from "../shared/task.js";

/** One program to validate, with its tests and the task's other files. */
export interface ValidateInput {
  language: Language;
  /** Program file name, e.g. `median.py`. */
  entry: string;
  /** Content of the entry file. */
  code: string;
  /** Test files, copied verbatim next to the program. */
  tests: SourceFile[];
  /** Other task files (helpers, fixtures). */
  support?: SourceFile[];
  allowNetwork?: boolean;
  /** Run the types layer; default true for TypeScript, false otherwise. */
  typeCheck?: boolean;
  /** Lint signatures already present in the draft: not blamed on a repair. */
  baselineLint?: string[];
  /** Run this shell command as the tests layer instead of the language's runner (`--test-cmd`). */
  testCommand?: string;
  /** The project the program lives in: every run sees it, and its modules and packages resolve. */
  project?: ProjectContext;
}

export interface ValidateOptions {
  sandbox: Sandbox;
  /** Limit for the whole test run (default 60 s). */
  timeoutMs?: number;
  /** Limit for one test (default 5 s), so one infinite loop does not hide the other results. */
  perTestTimeoutMs?: number;
  /** Memory limit of the test run in MiB (default 512). */
  memoryMb?: number;
  signal?: AbortSignal;
  /**
   * Start the tests layer together with the first layer instead of after the others: its
   * runner starts up while the static layers run in process. The result is the same (the first
   * failing layer in order); when an earlier layer fails, the test run is killed and reported
   * as skipped. Worth it where the runner's start-up is long (a project's jest or vitest) and
   * most checks reach the tests.
   */
  overlapTests?: boolean;
}
