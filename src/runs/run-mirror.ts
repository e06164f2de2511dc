import type { RunResult } from "../shared/run-result.js";
import type { AttemptFile } from "./attempt-file.js";
import type { RunMeta } from "./run-meta.js";

/**
 * A second home for a run's records, so that another machine can resume or report the run
 * (Postgres, for scale-out). The run folder tells it of every write, in order, right after
 * making it; the calls return at once and the mirror stores them in that order.
 */
export interface RunMirror {
  meta(meta: RunMeta): void;
  attempt(runId: string, file: AttemptFile): void;
  /** One line of `events.jsonl`, timestamp included. */
  event(runId: string, line: Record<string, unknown>): void;
  result(runId: string, result: RunResult): void;
}
