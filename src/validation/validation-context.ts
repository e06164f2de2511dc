import type { TaskFiles } from "../diagnosis/task-files.js";
import type { Sandbox } from "../shared/sandbox.js";
import type { ValidateInput } from "./validate-input.js";

/** What every layer of one validation shares: the input, the files as diagnosis sees them, the sandbox. */
export interface ValidationContext {
  input: ValidateInput;
  files: TaskFiles;
  timeoutMs: number;
  perTestTimeoutMs: number;
  /** Limit for the test run; static tools get their own. */
  memoryMb: number;
  /** The caller's sandbox, wrapped to count executions. */
  sandbox: Sandbox;
  /** Lint signatures of the checked code, filled in by the lint layer. */
  lintSignatures: string[];
}
