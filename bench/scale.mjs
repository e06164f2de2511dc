// Scale-out: one suite through `mend eval --queue` with 1, 2 and 4 `mend worker` processes on
// this machine, against the scripted model with a fixed latency per call (so the work waits on
// I/O like real model calls), with real Redis and PostgreSQL on loopback. Prints tasks per
// minute, efficiency per worker against one worker, queue overhead per job, and the Redis
// commands and Postgres row writes per job and per attempt (the figures behind the README's
// estimate for 100 workers).
// Options: `--tasks N` (default 12), `--latency MS` per model call (default 200), `--workers 1,2,4`.
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { Redis } from "ioredis";
import pg from "pg";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const mend = join(root, "dist/cli/main.js");
if (!existsSync(mend)) {
  console.error("bench:scale: dist/ is missing: run npm run build first");
  process.exit(2);
}
const { startScriptedServer, fenced } = await import(join(root, "dist/testkit/index.js"));
const { startLocalRedis } = await import(join(root, "dist/testkit/local-redis.js"));
const { startLocalPostgres } = await import(join(root, "dist/testkit/local-postgres.js"));

const { values } = parseArgs({ options: { tasks: { type: "string", default: "12" }, latency: { type: "string", default: "200" }, workers: { type: "string", default: "1,2,4" } } });
const taskCount = Math.max(1, Number(values.tasks));
const latency = Math.max(0, Number(values.latency));
const workerCounts = values.workers.split(",").map(Number);

const dir = mkdtempSync(join(tmpdir(), "mend-bench-scale-"));
const names = Array.from({ length: taskCount }, (_, i) => `f${i}`);
const suite = join(dir, "suite.jsonl");
writeFileSync(
  suite,
  names
    .map((name, i) =>
      JSON.stringify({
        task_id: `S/${i}`,
        prompt: `def ${name}(a: int, b: int) -> int:\n    """Return a + b + ${i}."""\n`,
        entry_point: name,
        test: `def check(candidate):\n    assert candidate(1, 2) == ${3 + i}\n`,
      }),
    )
    .join("\n") + "\n",
);
// Every task: a wrong first answer, then the right one: two model calls and two validations.
const seen = new Map();
const server = await startScriptedServer((request) => {
  const text = request.messages.map((message) => message.content).join("\n");
  const i = names.findIndex((name) => text.includes(`def ${name}(`));
  const count = (seen.get(i) ?? 0) + 1;
  seen.set(i, count);
  const body = count === 1 ? `return a - b + ${i}` : `return a + b + ${i}`;
  return { reply: fenced(`def ${names[i]}(a: int, b: int) -> int:\n    ${body}\n`, "python"), delayMs: latency, usage: { input: 120, output: 30 } };
});
const [redis, postgres] = await Promise.all([startLocalRedis(), startLocalPostgres()]);
const env = { PATH: process.env.PATH, HOME: process.env.HOME ?? dir, OPENAI_API_KEY: "bench", MEND_OFFLINE_MAX_CANDIDATES: "1" };

function spawnWorker(n) {
  const child = spawn(process.execPath, [mend, "worker", "--queue", redis.url, "--checkpoints", postgres.url, "--runs-dir", join(dir, `w${n}`)], { cwd: dir, env, stdio: ["ignore", "ignore", "pipe"] });
  let log = "";
  const ready = new Promise((resolve, reject) => {
    child.stderr.on("data", (chunk) => {
      log += chunk;
      if (log.includes("taking jobs")) resolve();
    });
    child.on("exit", (code) => reject(new Error(`worker exited ${code}: ${log}`)));
  });
  return { child, ready };
}

function runEval(out) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [mend, "eval", suite, "--model", "openai:scripted", "--base-url", server.url, "--no-offline-repair", "--no-review", "--queue", redis.url, "--checkpoints", postgres.url, "--out", out, "--json"], { cwd: dir, env, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => (stdout += chunk));
    child.stderr.on("data", (chunk) => (stderr += chunk));
    child.on("exit", (code) => (code === 0 ? resolve(JSON.parse(stdout)) : reject(new Error(`eval exited ${code}: ${stderr}`))));
  });
}

const stats = new Redis(redis.url);
const db = new pg.Client({ connectionString: postgres.url });
await db.connect();
const redisCommands = async () => Number(/total_commands_processed:(\d+)/.exec(await stats.info("stats"))[1]);
const rowWrites = async () => Number((await db.query("select coalesce(sum(n_tup_ins + n_tup_upd + n_tup_del), 0) as n from pg_stat_user_tables")).rows[0].n);

console.log(`bench:scale: ${taskCount} tasks (2 model calls of ${latency} ms and 2 validations each), load average ${loadavg()[0].toFixed(2)}`);
const rows = [];
try {
  for (const count of workerCounts) {
    seen.clear();
    const workers = Array.from({ length: count }, (_, i) => spawnWorker(`${count}-${i}`));
    await Promise.all(workers.map((worker) => worker.ready));
    const [commandsBefore, writesBefore] = [await redisCommands(), await rowWrites()];
    const started = performance.now();
    const report = await runEval(join(dir, `out-${count}`));
    const wallMs = performance.now() - started;
    // pg_stat counters reach the view a moment after the transactions that made them.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const [commandsAfter, writesAfter] = [await redisCommands(), await rowWrites()];
    for (const worker of workers) worker.child.kill("SIGTERM");
    await Promise.all(workers.map((worker) => new Promise((resolve) => worker.child.once("exit", resolve))));
    const runMs = report.results.reduce((sum, result) => sum + result.durationMs, 0);
    const attempts = report.results.reduce((sum, result) => sum + result.attempts, 0);
    rows.push({
      workers: count,
      solved: report.figures.solved.count,
      wallMs,
      tasksPerMinute: taskCount / (wallMs / 60_000),
      overheadMs: (wallMs * count - runMs) / taskCount,
      redisPerJob: (commandsAfter - commandsBefore) / taskCount,
      pgPerAttempt: (writesAfter - writesBefore) / attempts,
    });
  }
} finally {
  stats.disconnect();
  await db.end();
  await server.close();
  await Promise.all([redis.stop(), postgres.stop()]);
  rmSync(dir, { recursive: true, force: true });
}
const base = rows[0].tasksPerMinute / rows[0].workers;
for (const row of rows) {
  console.log(
    `  ${row.workers} worker${row.workers === 1 ? " " : "s"}: ${row.solved}/${taskCount} solved in ${(row.wallMs / 1000).toFixed(1)} s · ` +
      `${row.tasksPerMinute.toFixed(1)} tasks/min · efficiency ${((row.tasksPerMinute / row.workers / base) * 100).toFixed(0)}% per worker · ` +
      `queue overhead ${(row.overheadMs / 1000).toFixed(2)} s/job (worker time not in a run) · ` +
      `${row.redisPerJob.toFixed(0)} Redis commands/job · ${row.pgPerAttempt.toFixed(0)} Postgres row writes/attempt`,
  );
}
