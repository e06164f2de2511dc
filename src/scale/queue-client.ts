import { Job, Queue, QueueEvents } from "bullmq";
import type { RunResult } from "../shared/run-result.js";
import { redisOptionsFrom } from "./redis-connection.js";
import { DEFAULT_TRIES, RUN_QUEUE, type RunJob, type RunJobProgress, type RunJobResult } from "./run-job.js";

/** What came back for a queued run: its result, and the worker that ran it (none when every try failed). */
export interface QueuedOutcome {
  run: RunResult;
  worker?: string;
}

/** The side of the queue that adds runs and waits for them (`mend eval --queue`, `mend run --queue`). */
export interface QueueClient {
  /**
   * Queues a run (a job of that run id already queued or finished is not added again) and
   * resolves with its result once a worker finished it; when it failed on every try, with a
   * failed result (reason `error`) saying why. `onProgress` hears each step a worker reports.
   */
  submit(job: RunJob, onProgress?: (progress: RunJobProgress) => void, signal?: AbortSignal): Promise<QueuedOutcome>;
  close(): Promise<void>;
}

/** Opens the queue on `queueUrl`; jobs get `tries` tries (thrown errors and dead workers alike). */
export async function openQueueClient(queueUrl: string, tries = DEFAULT_TRIES): Promise<QueueClient> {
  const connection = redisOptionsFrom(queueUrl);
  const queue = new Queue<RunJob, RunJobResult>(RUN_QUEUE, { connection });
  const events = new QueueEvents(RUN_QUEUE, { connection });
  queue.on("error", () => undefined);
  events.on("error", () => undefined);
  // Every job of an eval waits on the same event stream.
  events.setMaxListeners(0);
  await Promise.all([queue.waitUntilReady(), events.waitUntilReady()]);
  const listeners = new Map<string, (progress: RunJobProgress) => void>();
  events.on("progress", ({ jobId, data }) => listeners.get(jobId)?.(data as unknown as RunJobProgress));

  return {
    async submit(data, onProgress, signal) {
      if (onProgress) listeners.set(data.runId, onProgress);
      const started = Date.now();
      try {
        const job = await queue.add(data.command, data, {
          jobId: data.runId,
          attempts: tries,
          backoff: { type: "fixed", delay: 1_000 },
          removeOnComplete: { age: 7 * 24 * 3600 },
          removeOnFail: { age: 7 * 24 * 3600 },
        });
        const finished = job.waitUntilFinished(events) as Promise<RunJobResult>;
        const aborted = new Promise<never>((_, reject) => {
          if (signal?.aborted) reject(signal.reason);
          signal?.addEventListener("abort", () => reject(signal.reason), { once: true });
        });
        try {
          return await Promise.race([finished, aborted]);
        } catch (error) {
          if (signal?.aborted) throw error;
          return { run: await failedRun(queue, data, error, Date.now() - started) };
        } finally {
          finished.catch(() => undefined);
        }
      } finally {
        listeners.delete(data.runId);
      }
    },
    async close() {
      await Promise.all([events.close(), queue.close()]);
    },
  };
}

const STALL_LIMIT_REASON = "job stalled more than allowable limit";

/** The result of a job that failed on every try: nothing verified, and the reason BullMQ recorded with the last step seen. */
async function failedRun(queue: Queue<RunJob, RunJobResult>, data: RunJob, error: unknown, durationMs: number): Promise<RunResult> {
  const job = await Job.fromId<RunJob, RunJobResult>(queue, data.runId);
  const reason = job?.failedReason || (error instanceof Error ? error.message : String(error));
  // Tries that ran: each thrown failure counts in attemptsMade, each dead worker in the stall
  // counter; a job over the stall limit is failed by the next worker that takes it without
  // running it, which BullMQ counts as one more attempt made.
  const failedOnStall = job?.failedReason === STALL_LIMIT_REASON;
  const tries = job ? job.stalledCounter + job.attemptsMade - (failedOnStall ? 1 : 0) : 0;
  const last = job?.progress as Partial<RunJobProgress> | undefined;
  const seen = last?.worker ? `; last seen on ${last.worker} after ${last.attempts ?? 0} attempts${last.node ? ` (${last.node})` : ""}` : "";
  return {
    schemaVersion: 1,
    runId: data.runId,
    status: "failed",
    reason: "error",
    verified: false,
    language: data.task.language,
    code: data.task.draft ?? "",
    attempts: [],
    usage: { modelCalls: 0, inputTokens: 0, outputTokens: 0, costUsd: 0, executions: 0 },
    durationMs,
    runDir: "",
    message: `the queued run failed after ${tries} ${tries === 1 ? "try" : "tries"}: ${reason}${seen}`,
  };
}
