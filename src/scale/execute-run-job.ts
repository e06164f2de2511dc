import { existsSync, realpathSync } from "node:fs";
import { rm } from "node:fs/promises";
import { join } from "node:path";
import { createAgent } from "../agent/create-agent.js";
import type { RunEvent } from "../runs/run-event.js";
import type { RunResult } from "../shared/run-result.js";
import type { Sandbox } from "../shared/sandbox.js";
import type { ModelGate } from "../agent/model-gate.js";
import { RunFolder } from "../runs/run-folder.js";
import { materializeProject, renameRoots } from "./job-project.js";
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
  // A project travels in the job: laid out in this worker's own folder, where the run validates.
  const projectDir = job.project ? join(context.runsDir, ".projects", job.runId) : undefined;
  try {
    let task = job.task;
    const workerRoots: string[] = [];
    if (job.project && projectDir) {
      await materializeProject(job.project, projectDir);
      const root = realpathSync(projectDir);
      workerRoots.push(root);
      task = { ...job.task, project: { root, files: job.task.project?.files ?? job.project.files.map((file) => file.path) } };
    }
    const seen = (await context.checkpoints.restore(context.runsDir, job.runId)) || existsSync(join(context.runsDir, job.runId, "meta.json"));
    if (seen && workerRoots[0]) moveProjectRoot(context.runsDir, job.runId, workerRoots[0], workerRoots);
    const run = seen
      ? await agent.resume(job.runId, { signal: context.signal })
      : await agent.run(task, { runId: job.runId, command: job.command, signal: context.signal });
    await context.checkpoints.flush();
    // Results name the project where its owner has it, not where this worker laid it out.
    return job.project ? renameRoots(run, workerRoots, job.project.root) : run;
  } finally {
    await agent.close();
    if (projectDir) await rm(projectDir, { recursive: true, force: true });
  }
}

/**
 * A run resumed here that started on another worker validates in that worker's folder: its
 * saved task is pointed at this worker's copy (and the old folder kept in `roots`, to be renamed
 * in the result too).
 */
function moveProjectRoot(runsDir: string, runId: string, root: string, roots: string[]): void {
  const folder = RunFolder.open(runsDir, runId);
  const meta = folder.readMeta();
  if (!meta.task.project || meta.task.project.root === root) return;
  roots.push(meta.task.project.root);
  folder.writeMeta({ ...meta, task: { ...meta.task, project: { ...meta.task.project, root } } });
}
