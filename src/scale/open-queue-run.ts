import { join } from "node:path";
import { type AgentOptions, DEFAULT_MAX_ATTEMPTS } from "../agent/create-agent.js";
import { formatModelSpec, parseModelSpec } from "../models/model-spec.js";
import { createRunId } from "../runs/create-run-id.js";
import type { RunResult } from "../shared/run-result.js";
import type { Task } from "../shared/task.js";
import { packProject } from "./job-project.js";
import type { Checkpoints } from "./open-checkpoints.js";
import { openQueueClient } from "./queue-client.js";
import type { RunJob } from "./run-job.js";
import { checkRedisReachable } from "./redis-connection.js";

/** `mend run --queue URL` and `mend repair --queue URL`: one run handed to the workers, waited for here. */
export interface QueuedRun {
  run(task: Task, options: AgentOptions, signal: AbortSignal, say: (line: string) => void): Promise<RunResult>;
  close(): Promise<void>;
}

/**
 * Checks Redis before anything is queued, then queues runs with the command's agent settings
 * (and a project task's files: no worker needs the project's path) and waits for their results. With `--checkpoints`, the finished run is copied into
 * `runsDir`, so the report is written here as for a local run.
 */
export async function openQueueRun(queueUrl: string, checkpoints: Checkpoints, runsDir: string): Promise<QueuedRun> {
  await checkRedisReachable(queueUrl);
  const queue = await openQueueClient(queueUrl);
  return {
    async run(task, options, signal, say) {
      // Read (and its size checked) before anything is queued.
      const project = task.project ? await packProject(task.project) : undefined;
      const runId = createRunId();
      say(`mend: queued run ${runId}`);
      let announced = false;
      const { run, worker } = await queue.submit(
        {
          schemaVersion: 1,
          runId,
          command: task.draft === undefined ? "run" : "repair",
          task,
          settings: {
            model: typeof options.model === "string" || options.model === undefined ? formatModelSpec(parseModelSpec(options.model ?? process.env.MEND_MODEL)) : "offline",
            ...(options.baseUrl ? { baseUrl: options.baseUrl } : {}),
            maxAttempts: options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
            budget: options.budget ?? {},
            ...(options.offlineBudgetMs !== undefined ? { offlineBudgetMs: options.offlineBudgetMs } : {}),
            offlineRepair: options.repairer !== null,
            ...(options.boundary === "off" ? { boundary: "off" as const } : {}),
            review: reviewSettings(options.review),
          },
          ...(project ? { project } : {}),
        },
        (progress) => {
          if (!announced) say(`mend: running on ${progress.worker}`);
          announced = true;
        },
        signal,
      );
      if (worker) say(`mend: finished on ${worker}`);
      const here = run.runDir !== "" && (await checkpoints.restore(runsDir, runId, task.project?.root));
      return here ? { ...run, runDir: join(runsDir, runId) } : run;
    },
    close: () => queue.close(),
  };
}

/** The review as a job carries it: a model given by spec (the CLI's only kind), else the run's model. */
function reviewSettings(review: AgentOptions["review"]): NonNullable<RunJob["settings"]["review"]> {
  if (!review) return false;
  return { ...(typeof review.model === "string" ? { model: review.model } : {}), fix: review.fix ?? false };
}
