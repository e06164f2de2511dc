import { hostname } from "node:os";
import { type Job, WaitingError, Worker } from "bullmq";
import { Redis } from "ioredis";
import type { ModelGate } from "../agent/model-gate.js";
import { createSandbox } from "../sandbox/create-sandbox.js";
import { executeRunJob } from "./execute-run-job.js";
import type { Checkpoints } from "./open-checkpoints.js";
import { redisOptionsFrom } from "./redis-connection.js";
import { DEFAULT_TRIES, RUN_QUEUE, type RunJob, type RunJobProgress, type RunJobResult } from "./run-job.js";
import { sharedBudgetGate } from "./shared-budget.js";
import { startHeartbeat } from "./start-heartbeat.js";

export interface WorkerOptions {
  queueUrl: string;
  checkpoints: Checkpoints;
  /** Jobs run at the same time. */
  concurrency: number;
  runsDir: string;
  /**
   * How long a job's lock lasts without renewal: a worker dead for longer than this loses its
   * jobs to the others (renewed every half of it while alive). Default 30 s.
   */
  stallMs?: number;
  /** Workers a job may kill (stall) before it ends failed. Default 3. */
  tries?: number;
  /** How often the worker's heartbeat key is refreshed (it expires after three of these). Default 5 s. */
  heartbeatMs?: number;
  env?: NodeJS.ProcessEnv;
  /** One line per job taken and finished, for the worker's log. */
  log?: (line: string) => void;
}

/** A running worker. */
export interface RunWorker {
  /** `host:pid`, as job results and progress name it. */
  name: string;
  /**
   * Stops taking jobs; running ones stop at their next step, checkpointed, and go back to the
   * queue without using up one of their tries.
   */
  close(): Promise<void>;
}

const DEFAULT_STALL_MS = 30_000;
const DEFAULT_HEARTBEAT_MS = 5_000;

/**
 * Takes runs from the BullMQ queue on `queueUrl`, `concurrency` at a time, on one sandbox.
 * A job whose worker dies is found stalled by the others (its lock is not renewed) and taken
 * again; the new worker resumes the run from its checkpoint (see `executeRunJob`). A job that
 * stalls `tries` times (a task that kills every worker) ends failed, with BullMQ's reason.
 * Redis restarts are ridden out: the connection reconnects without end.
 */
export async function startWorker(options: WorkerOptions): Promise<RunWorker> {
  const name = `${hostname()}:${process.pid}`;
  const connection = redisOptionsFrom(options.queueUrl);
  // Shared budgets and heartbeats; BullMQ keeps connections of its own.
  const redis = new Redis(connection);
  redis.on("error", () => undefined);
  const sandbox = createSandbox();
  const env = options.env ?? process.env;
  const stop = new AbortController();
  const tries = options.tries ?? DEFAULT_TRIES;
  const stallMs = options.stallMs ?? DEFAULT_STALL_MS;
  const counts = { running: 0, done: 0 };
  const state = () => ({ name, host: hostname(), pid: process.pid, concurrency: options.concurrency, ...counts, at: Date.now() });
  let heartbeat: ReturnType<typeof startHeartbeat> | undefined;

  const processor = async (job: Job<RunJob, RunJobResult>, token?: string): Promise<RunJobResult> => {
    counts.running += 1;
    heartbeat?.beat();
    try {
      const result = await runJob(job, token);
      counts.done += 1;
      return result;
    } finally {
      counts.running -= 1;
      heartbeat?.beat();
    }
  };

  const runJob = async (job: Job<RunJob, RunJobResult>, token: string | undefined): Promise<RunJobResult> => {
    const data = job.data;
    options.log?.(`took ${data.taskId ?? data.runId} (run ${data.runId}, try ${job.attemptsStarted})`);
    let attempts = 0;
    const gate: ModelGate | undefined =
      data.evalId && data.sharedBudget && (data.sharedBudget.tokens !== undefined || data.sharedBudget.usd !== undefined)
        ? sharedBudgetGate(redis, data.evalId, data.sharedBudget)
        : undefined;
    const run = await executeRunJob(data, {
      runsDir: options.runsDir,
      checkpoints: options.checkpoints,
      sandbox,
      env,
      signal: stop.signal,
      ...(gate ? { gate } : {}),
      onEvent: (event) => {
        if (event.type !== "node_finished") return;
        attempts = event.counters.attempts;
        const progress: RunJobProgress = { worker: name, attempts, node: event.node };
        // Progress is for display: a lost update must not fail the run.
        job.updateProgress(progress as unknown as object).catch(() => undefined);
      },
    });
    if (run.reason === "interrupted" && stop.signal.aborted) {
      // This worker is stopping (SIGTERM, Ctrl-C), not the job failing: the job goes back to the
      // queue as it was, its tries untouched, and the next worker resumes the run from the
      // checkpoint just stored. WaitingError tells BullMQ the job was moved, not failed.
      await job.moveToWait(token);
      options.log?.(`handed back ${data.taskId ?? data.runId} after ${run.attempts.length} attempts: it resumes from its checkpoint on the next worker`);
      throw new WaitingError();
    }
    if (run.reason === "interrupted") throw new Error(`the run of ${data.runId} was interrupted on worker ${name}; it resumes from its checkpoint on the next try`);
    options.log?.(`finished ${data.taskId ?? data.runId}: ${run.status} (${run.reason}) after ${run.attempts.length} attempts`);
    return { run, worker: name };
  };

  const worker = new Worker<RunJob, RunJobResult>(RUN_QUEUE, processor, {
    connection,
    concurrency: options.concurrency,
    lockDuration: stallMs,
    stalledInterval: stallMs,
    maxStalledCount: tries - 1,
  });
  worker.on("error", (error) => options.log?.(`queue connection: ${error.message}`));
  await worker.waitUntilReady();
  heartbeat = startHeartbeat(redis, state, options.heartbeatMs ?? DEFAULT_HEARTBEAT_MS);
  return {
    name,
    async close() {
      stop.abort();
      await worker.close();
      await heartbeat?.stop();
      redis.disconnect();
      await sandbox.close();
    },
  };
}
