import { existsSync } from "node:fs";
import { join } from "node:path";
import { createAgent } from "../agent/create-agent.js";
import type { RunEvent } from "../runs/run-event.js";
import type { RunResult } from "../shared/run-result.js";
import type { Sandbox } from "../shared/sandbox.js";
import type { ModelGate } from "../agent/model-gate.js";
import type { Checkpoints } from "./open-checkpoints.js";
import type { RunJob } from "./run-job.js";

export interface RunJobContext {
  runsDir: string;
  checkpoints: Checkpoints;
  sandbox: Sandbox;
  env: NodeJS.ProcessEnv;
  signal: AbortSignal;
  gate?: ModelGate;
  onEvent?: (event: RunEvent) => void;
}

/**
 * Runs a queued job on this worker: a run seen before (in Postgres, or in this worker's run
 * folders) is resumed from its last checkpoint, so a job taken over from a dead worker
 * redoes no finished attempt; a new one starts under the job's run id. Returns once the
 * run's records are stored.
 */
export async function executeRunJob(job: RunJob, context: RunJobContext): Promise<RunResult> {
  const { settings } = job;
  const agent = createAgent({
    model: settings.model,
    env: context.env,
    sandbox: context.sandbox,
    runsDir: context.runsDir,
    maxAttempts: settings.maxAttempts,
    budget: settings.budget,
    ...(settings.baseUrl ? { baseUrl: settings.baseUrl } : {}),
    ...(settings.offlineBudgetMs !== undefined ? { offlineBudgetMs: settings.offlineBudgetMs } : {}),
    ...(settings.offlineRepair ? {} : { repairer: null }),
    ...(settings.boundary ? { boundary: settings.boundary } : {}),
    ...(settings.review ? { review: settings.review } : {}),
    ...(context.gate ? { modelGate: context.gate } : {}),
    ...(context.onEvent ? { onEvent: context.onEvent } : {}),
    ...context.checkpoints.agentOptions,
  });
  try {
    const seen = (await context.checkpoints.restore(context.runsDir, job.runId)) || existsSync(join(context.runsDir, job.runId, "meta.json"));
    const run = seen
      ? await agent.resume(job.runId, { signal: context.signal })
      : await agent.run(job.task, { runId: job.runId, command: job.command, signal: context.signal });
    await context.checkpoints.flush();
    return run;
  } finally {
    await agent.close();
  }
}
