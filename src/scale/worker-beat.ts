import { RUN_QUEUE } from "./run-job.js";

/** What a live worker says of itself in Redis, refreshed with every heartbeat. */
export interface WorkerBeat {
  /** `host:pid`, as job results name it. */
  name: string;
  host: string;
  pid: number;
  concurrency: number;
  /** Jobs running now. */
  running: number;
  /** Jobs finished (a result returned) since the worker started. */
  done: number;
  /** When this beat was sent (ms since the epoch). */
  at: number;
}

/** Heartbeat keys: one per worker, named after the queue, so that one scan finds them all. */
export const WORKER_KEY_PREFIX = `${RUN_QUEUE}:workers:`;

export function workerKey(name: string): string {
  return `${WORKER_KEY_PREFIX}${name}`;
}
