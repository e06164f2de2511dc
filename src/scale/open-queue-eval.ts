import type { EvalRunner } from "../eval/run-eval.js";
import { Redis } from "ioredis";
import { followWorkers, type WorkerDisplay } from "./follow-workers.js";
import { openCheckpoints } from "./open-checkpoints.js";
import { openQueueClient } from "./queue-client.js";
import { queueEvalRunner } from "./queue-eval-runner.js";
import { checkRedisReachable, redisOptionsFrom } from "./redis-connection.js";

export interface QueueEvalFlags {
  queue: string;
  checkpoints?: string;
  budgetTokens?: number;
  budgetUsd?: number;
}

/**
 * `mend eval --queue URL`: checks that Redis (and Postgres, with `--checkpoints`) answer
 * before anything is queued, then gives the eval its queue runner. The display hears which
 * worker took each task (a note), and each live worker's progress from its heartbeats (a
 * status line per worker).
 */
export async function openQueueEval(flags: QueueEvalFlags, outDir: string, display: WorkerDisplay): Promise<{ runner: EvalRunner; close(): Promise<void> }> {
  await checkRedisReachable(flags.queue);
  const checkpoints = await openCheckpoints(flags.checkpoints);
  const queue = await openQueueClient(flags.queue);
  const sharedBudget = {
    ...(flags.budgetTokens !== undefined ? { tokens: flags.budgetTokens } : {}),
    ...(flags.budgetUsd !== undefined ? { usd: flags.budgetUsd } : {}),
  };
  // Commands fail (not wait) while Redis is away: the display then skips a beat rather than hold up the eval.
  const redis = new Redis({ ...redisOptionsFrom(flags.queue), maxRetriesPerRequest: 1 });
  redis.on("error", () => undefined);
  const workers = followWorkers(redis, display);
  const seen = new Set<string>();
  const { runner } = queueEvalRunner({
    queue,
    checkpoints,
    outDir,
    ...(Object.keys(sharedBudget).length > 0 ? { sharedBudget } : {}),
    onWorkerProgress: (taskId, progress) => {
      const key = `${taskId}@${progress.worker}`;
      if (seen.has(key)) return;
      seen.add(key);
      display.note(`  ${taskId} running on ${progress.worker}`);
    },
  });
  return {
    runner,
    async close() {
      await workers.stop();
      redis.disconnect();
      await queue.close();
      await checkpoints.close();
    },
  };
}
