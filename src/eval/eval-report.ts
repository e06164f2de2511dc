import type { BaselineComparison } from "./baseline.js";
import type { EvalFigures, EvalOutcome } from "./eval-figures.js";

/** What `mend eval` prints with `--json` and saves as `eval.json` in the output folder. */
export interface EvalReport {
  schemaVersion: 1;
  suite: { name: string; path: string; format: "jsonl" | "folder"; size: number };
  model: string;
  /** False when the offline repair engine was turned off (`--no-offline-repair`): the model alone. */
  offlineRepair: boolean;
  /**
   * The error -> fix memory the tasks recalled from and recorded to (its location), or false:
   * none, the default. With a memory, later tasks may gain from earlier ones' fixes.
   */
  memory: string | false;
  /** The attempt cap the curve runs to (the largest any task had). */
  maxAttempts: number;
  /** Tasks chosen for this eval: the whole suite, or its first `--limit`. */
  selected: number;
  /** Chosen tasks with a result, run now or in an earlier session. */
  finished: number;
  /** Finished in an earlier session and not run again. */
  reused: number;
  /** Chosen tasks without a result: the eval was interrupted before they finished. */
  pending: string[];
  interrupted: boolean;
  /** Figures over the finished tasks. */
  figures: EvalFigures;
  results: EvalOutcome[];
  baseline?: BaselineComparison;
  /** For an eval run on queue workers: each worker's tasks, time busy with them and tasks per busy minute. */
  workers?: { name: string; tasks: number; busyMs: number; tasksPerMinute: number }[];
  outDir: string;
  resultsPath: string;
  htmlPath: string;
  /** Wall-clock time of this session. */
  durationMs: number;
}
