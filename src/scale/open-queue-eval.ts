import type { EvalRunner } from "../eval/run-eval.js";
import { openCheckpoints } from "./open-checkpoints.js";
import { openQueueClient } from "./queue-client.js";
import { queueEvalRunner } from "./queue-eval-runner.js";
import { checkRedisReachable } from "./redis-connection.js";

export interface QueueEvalFlags {
  queue: string;
  checkpoints?: string;
  budgetTokens?: number;
  budgetUsd?: number;
}

/**
 * `mend eval --queue URL`: checks that Redis (and Postgres, with `--checkpoints`) answer
 * before anything is queued, then gives the eval its queue runner. `say` hears the first
 * step each worker reports of each task.
 */
export async function openQueueEval(flags: QueueEvalFlags, outDir: string, say: (line: string) => void): Promise<{ runner: EvalRunner; close(): Promise<void> }> {
  await checkRedisReachable(flags.queue);
  const checkpoints = await openCheckpoints(flags.checkpoints);
  const queue = await openQueueClient(flags.queue);
  const sharedBudget = {
    ...(flags.budgetTokens !== undefined ? { tokens: flags.budgetTokens } : {}),
    ...(flags.budgetUsd !== undefined ? { usd: flags.budgetUsd } : {}),
  };
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
      say(`  ${taskId} running on ${progress.worker}`);
    },
  });
  return {
    runner,
    async close() {
      await queue.close();
      await checkpoints.close();
    },
  };
}
