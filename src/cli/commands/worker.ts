import type { Command } from "commander";
import { DEFAULT_RUNS_DIR, secondsBetween, wholeNumber } from "../loop-options.js";

interface WorkerFlags {
  queue: string;
  checkpoints?: string;
  concurrency: number;
  runsDir: string;
  stallSeconds: number;
  tries: number;
  heartbeatSeconds: number;
}

/** `mend worker --queue URL`: takes runs and eval tasks from the queue until stopped. */
export function registerWorker(program: Command): void {
  program
    .command("worker")
    .summary("take runs and eval tasks from a BullMQ queue on Redis (scale-out)")
    .description(
      "Takes jobs queued by `mend eval --queue` and `mend run --queue` and runs them, --concurrency at a time. " +
        "With --checkpoints, runs keep their checkpoints and records in Postgres: a job whose worker died is taken by " +
        "another worker after --stall-seconds and resumed from its last checkpoint; a job that fails or loses its worker " +
        "--tries times ends failed with the reason. Runs until Ctrl-C or SIGTERM (running jobs stop at their next step, checkpointed, and go back to the queue).",
    )
    .requiredOption("--queue <url>", "the Redis the queue lives in (redis://HOST:PORT)")
    .option("--checkpoints <url>", "the Postgres database for checkpoints and run records (postgres://USER@HOST:PORT/DB)")
    .option("--concurrency <n>", "jobs run at the same time", wholeNumber("--concurrency"), 1)
    .option("--runs-dir <dir>", "where this worker's run folders go", DEFAULT_RUNS_DIR)
    .option("--stall-seconds <s>", "how long a silent worker keeps its jobs before others take them (1 to 86400)", secondsBetween("--stall-seconds", 1, 86_400), 30)
    .option("--tries <n>", "tries a job gets when its workers die (a task that kills every worker ends failed after that)", wholeNumber("--tries"), 3)
    .option("--heartbeat-seconds <s>", "how often the worker tells Redis it is alive (`mend eval --queue` lists it until three beats are missed; 0.1 to 3600)", secondsBetween("--heartbeat-seconds", 0.1, 3_600), 5)
    .addHelpText("after", "\nExample:\n  mend worker --queue redis://10.0.0.5:6379 --checkpoints postgres://mend@10.0.0.5/mend --concurrency 4")
    .action(async (flags: WorkerFlags) => {
      // Loaded on demand: the queue, the database client and the agent are only this command's.
      const [{ checkRedisReachable }, { openCheckpoints }, { startWorker }, { RunFolder }] = await Promise.all([
        import("../../scale/redis-connection.js"),
        import("../../scale/open-checkpoints.js"),
        import("../../scale/start-worker.js"),
        import("../../runs/run-folder.js"),
      ]);
      await checkRedisReachable(flags.queue);
      RunFolder.prepareRunsDir(flags.runsDir);
      const checkpoints = await openCheckpoints(flags.checkpoints);
      const log = (line: string) => process.stderr.write(`mend worker: ${line}\n`);
      const worker = await startWorker({
        queueUrl: flags.queue,
        checkpoints,
        concurrency: flags.concurrency,
        runsDir: flags.runsDir,
        stallMs: Math.round(flags.stallSeconds * 1000),
        tries: flags.tries,
        heartbeatMs: Math.round(flags.heartbeatSeconds * 1000),
        log,
      });
      log(`${worker.name} taking jobs, ${flags.concurrency} at a time${flags.checkpoints ? "" : " (no --checkpoints: a job taken over from a dead worker elsewhere starts again)"}`);
      await new Promise<void>((resolve) => {
        let stopping = false;
        const stop = () => {
          if (stopping) process.exit(130);
          stopping = true;
          log("stopping: running jobs stop at their next step (again to quit at once)");
          resolve();
        };
        process.on("SIGINT", stop);
        process.on("SIGTERM", stop);
      });
      await worker.close();
      await checkpoints.close();
    });
}
