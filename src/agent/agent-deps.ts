import type { RunMemory } from "../memory/run-memory.js";
import type { RunEvent } from "../runs/run-event.js";
import type { RunFolder } from "../runs/run-folder.js";
import type { Sandbox } from "../shared/sandbox.js";
import type { Task } from "../shared/task.js";
import type { FaultLocalizer, ModelClient, Repairer, Validator } from "./collaborators.js";

/** The hard limits of one run. */
export interface RunLimits {
  maxAttempts: number;
  budget: { tokens?: number; usd?: number; seconds?: number };
  /** Ask a person (LangGraph `interrupt()`) before finishing with verified code. */
  approve: boolean;
  /** Where the verified code is written when the run passes (`mend repair --write`). */
  writeTo?: string;
}

/** What every node of one run's graph works with; fixed for the run, never checkpointed. */
export interface AgentDeps {
  runId: string;
  task: Task;
  limits: RunLimits;
  /** What verifies the run: the task's own tests, examples turned into `task.tests`, or nothing. */
  verifiedBy: "tests" | "examples" | "none";
  /**
   * Ask the model for tests before the first program (then for more once, when they check too
   * little): with a model, for a Python task without tests of its own, unless turned off.
   */
  writeTests: boolean;
  /** `null` with the `offline` model: only the draft and the offline engine. */
  model: ModelClient | null;
  validator: Validator;
  /** The code review after success: its model and whether one repair round may follow; `null`: no review. */
  review?: { model: ModelClient; fix: boolean } | null;
  /** `null` disables the offline engine. */
  repairer: Repairer | null;
  /** Ranks suspicious lines for the model's repair prompt; absent or `null`: none. */
  localizer?: FaultLocalizer | null;
  sandbox: Sandbox;
  folder: RunFolder;
  emit(event: RunEvent): void;
  /** Wall-clock time the run has used, earlier sessions included. */
  elapsedMs(): number;
  /** Time the offline engine may search per failing attempt. */
  offlineBudgetMs: number;
  /** Most candidates the offline engine may run per failing attempt (its own default otherwise). */
  offlineMaxCandidates?: number;
  signal?: AbortSignal;
  /** The error -> fix memory: recalled before each repair, given the verified fix at the end; absent: none. */
  memory?: RunMemory;
}
