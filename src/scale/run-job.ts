import type { BoundaryMode } from "../boundary/boundary-options.js";
import type { RunResult } from "../shared/run-result.js";
import type { Task } from "../shared/task.js";
import type { JobProject } from "./job-project.js";

/** The BullMQ queue every `mend worker` of a Redis database takes runs from. */
export const RUN_QUEUE = "mend-runs";

/** Tries a queued run gets: errors thrown and workers lost alike. */
export const DEFAULT_TRIES = 3;

/** How a queued run is to be run: what `createAgent` would get from the flags. */
export interface RunJobSettings {
  model: string;
  baseUrl?: string;
  maxAttempts: number;
  budget: { tokens?: number; usd?: number; seconds?: number };
  offlineBudgetMs?: number;
  offlineRepair: boolean;
  boundary?: Extract<BoundaryMode, "off">;
  /** The code review after success, as the command's flags gave it (model as a spec); absent: no review. */
  review?: false | { model?: string; fix: boolean };
}

/**
 * One queued run (a `mend run --queue`, or one task of a `mend eval --queue`). The run id is
 * chosen when it is queued and is also the job's id, so the worker that takes over a job from
 * a dead one resumes the same run from its checkpoint instead of starting another.
 */
export interface RunJob {
  schemaVersion: 1;
  runId: string;
  command: "run" | "repair";
  task: Task;
  settings: RunJobSettings;
  /** The eval's own id, for the budget it shares across its tasks. */
  evalId?: string;
  /** One cap for the whole eval, recorded in Redis before each model call. */
  sharedBudget?: { tokens?: number; usd?: number };
  /** For the eval's task results. */
  taskId?: string;
  /**
   * The files of the task's project (`task.project`), carried in the job: the worker lays them
   * out in a private folder of its own instead of needing the project's path.
   */
  project?: JobProject;
}

/** What a worker returns for a job: the run's result and which worker ran it. */
export interface RunJobResult {
  run: RunResult;
  worker: string;
}

/** What a worker reports while it runs a job (BullMQ job progress). */
export interface RunJobProgress {
  worker: string;
  attempts: number;
  node?: string;
}
