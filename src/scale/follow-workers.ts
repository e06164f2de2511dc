import type { Redis } from "ioredis";
import { listWorkers } from "./list-workers.js";
import type { WorkerBeat } from "./worker-beat.js";

/** Where the followed workers are shown: the eval's progress display. */
export interface WorkerDisplay {
  /** One line per live worker by name, replaced when it changes; `undefined` when the worker is gone. */
  status(name: string, text: string | undefined): void;
  /** A line said once. */
  note(text: string): void;
}

/**
 * Follows the live workers' heartbeats every `intervalMs` while an eval runs on the queue:
 * the display gets each worker's line whenever its progress changes, and a note when a worker
 * stops beating (its key expired) and so leaves the list. Progress only: nothing goes to stdout.
 */
export function followWorkers(redis: Redis, display: WorkerDisplay, intervalMs = 1_000): { stop(): Promise<void> } {
  const shown = new Map<string, string>();
  const poll = async () => {
    const live = await listWorkers(redis).catch(() => undefined);
    // Redis unreachable for a moment: no news, which is not the same as no workers.
    if (!live) return;
    for (const worker of live) {
      const line = describeWorker(worker);
      if (shown.get(worker.name) !== line) display.status(worker.name, line);
      shown.set(worker.name, line);
    }
    for (const name of [...shown.keys()]) {
      if (live.some((worker) => worker.name === name)) continue;
      shown.delete(name);
      display.status(name, undefined);
      display.note(`  worker ${name}: gone (no heartbeat)`);
    }
  };
  let polling = poll();
  const timer = setInterval(() => {
    polling = polling.then(poll);
  }, intervalMs);
  return {
    async stop() {
      clearInterval(timer);
      await polling;
      await poll();
    },
  };
}

export function describeWorker(worker: WorkerBeat): string {
  return `  worker ${worker.name}: ${worker.running}/${worker.concurrency} running, ${worker.done} done`;
}
