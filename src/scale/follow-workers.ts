import type { Redis } from "ioredis";
import { listWorkers } from "./list-workers.js";
import type { WorkerBeat } from "./worker-beat.js";

/**
 * Follows the live workers' heartbeats every `intervalMs` while an eval runs on the queue:
 * `say` hears one line per worker whenever its progress changes, and a line when a worker
 * stops beating (its key expired) and so leaves the list. Progress lines only: nothing goes
 * to stdout.
 */
export function followWorkers(redis: Redis, say: (line: string) => void, intervalMs = 1_000): { stop(): Promise<void> } {
  const shown = new Map<string, string>();
  const poll = async () => {
    const live = await listWorkers(redis).catch(() => undefined);
    // Redis unreachable for a moment: no news, which is not the same as no workers.
    if (!live) return;
    for (const worker of live) {
      const line = describeWorker(worker);
      if (shown.get(worker.name) !== line) say(line);
      shown.set(worker.name, line);
    }
    for (const name of [...shown.keys()]) {
      if (live.some((worker) => worker.name === name)) continue;
      shown.delete(name);
      say(`  worker ${name}: gone (no heartbeat)`);
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
