import { createHash } from "node:crypto";
import { join, resolve } from "node:path";
import type { EvalRunner } from "../eval/run-eval.js";
import { packProject } from "./job-project.js";
import type { Checkpoints } from "./open-checkpoints.js";
import type { QueueClient } from "./queue-client.js";
import type { RunJobProgress } from "./run-job.js";

export interface QueueEvalOptions {
  queue: QueueClient;
  checkpoints: Checkpoints;
  /** The eval's output folder: runs fetched from Postgres go to its `runs/`, as in a local eval. */
  outDir: string;
  /** One cap for the whole eval, shared by every worker. */
  sharedBudget?: { tokens?: number; usd?: number };
  /** Each step a worker reports, with the task it belongs to. */
  onWorkerProgress?: (taskId: string, progress: RunJobProgress) => void;
}

/**
 * The eval's runner for `--queue`: every task becomes a job, all queued at once, and the
 * workers' `--concurrency` decides how many run. Run ids derive from the output folder and
 * the task, so running the same eval again after an interruption waits on the jobs already
 * queued instead of queueing them twice. With `--checkpoints`, each finished run is copied
 * into the output folder, where its report is written as for a local eval.
 */
export function queueEvalRunner(options: QueueEvalOptions): { evalId: string; runner: EvalRunner } {
  const outDir = resolve(options.outDir);
  const evalId = shortHash(outDir);
  const runner: EvalRunner = async (item, settings, signal) => {
    const runId = `${evalId}-${item.id.replace(/[^\w.-]+/g, "_").slice(0, 40)}-${shortHash(item.id).slice(0, 6)}`;
    const outcome = await options.queue.submit(
      {
        schemaVersion: 1,
        runId,
        command: item.task.draft === undefined ? "run" : "repair",
        task: item.task,
        settings: { ...settings, review: settings.review && { ...settings.review, fix: settings.review.fix ?? false } },
        evalId,
        taskId: item.id,
        ...(options.sharedBudget ? { sharedBudget: options.sharedBudget } : {}),
        ...(item.task.project ? { project: await packProject(item.task.project) } : {}),
      },
      options.onWorkerProgress ? (progress) => options.onWorkerProgress?.(item.id, progress) : undefined,
      signal,
    );
    const runsDir = join(outDir, "runs");
    const here = outcome.run.runDir !== "" && (await options.checkpoints.restore(runsDir, runId, item.task.project?.root));
    return { ...outcome, run: here ? { ...outcome.run, runDir: join(runsDir, runId) } : outcome.run };
  };
  return { evalId, runner };
}

function shortHash(text: string): string {
  return createHash("sha256").update(text).digest("hex").slice(0, 12);
}
