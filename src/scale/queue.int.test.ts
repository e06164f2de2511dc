import { spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { hostname } from "node:os";
import { Job, Queue } from "bullmq";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectUsageExit, MEND, runMend, spawnMend } from "../cli/commands/__fixtures__/spawn-mend.js";
import type { EvalReport } from "../eval/eval-report.js";
import { fenced, type RecordedRequest, type ScriptedStep, startScriptedServer } from "../testkit/index.js";
import { type LocalPostgres, startLocalPostgres } from "../testkit/local-postgres.js";
import { type LocalRedis, startLocalRedis } from "../testkit/local-redis.js";
import { code, spawnWorker, taskOf, TASKS, until, untilAsync, type WorkerProcess, writeSuite } from "./__fixtures__/queue-suite.js";
import { ESTIMATED_OUTPUT_TOKENS } from "../agent/model-gate.js";
import { listWorkers } from "./list-workers.js";
import { redisOptionsFrom } from "./redis-connection.js";
import { RUN_QUEUE } from "./run-job.js";
import type { WorkerBeat } from "./worker-beat.js";

const env = { OPENAI_API_KEY: "test-key", MEND_OFFLINE_MAX_CANDIDATES: "1" };
// Whole suites on several real worker processes, killed and restarted, on a loaded two-core machine.
const SLOW = 480_000;

let dir: string;
let redis: LocalRedis;
let postgres: LocalPostgres;
const workers: WorkerProcess[] = [];
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "mend-queue-"));
  [redis, postgres] = await Promise.all([startLocalRedis(), startLocalPostgres()]);
}, 120_000);
afterAll(async () => {
  for (const worker of workers) worker.child.kill("SIGKILL");
  await Promise.all(workers.map((worker) => worker.exit));
  await Promise.all([redis?.stop(), postgres?.stop()]);
  rmSync(dir, { recursive: true, force: true });
});

const startWorker = (name: string, extra: string[] = [], workerEnv: Record<string, string> = env) => {
  const worker = spawnWorker(
    ["--queue", redis.url, "--checkpoints", postgres.url, "--runs-dir", join(dir, `worker-${name}`), "--stall-seconds", "4", ...extra],
    dir,
    workerEnv,
  );
  workers.push(worker);
  return worker;
};
const stopWorkers = async () => {
  for (const worker of workers.splice(0)) {
    worker.child.kill("SIGKILL");
    await worker.exit;
  }
};
const evalArgs = (suite: string, out: string, url: string) => ["eval", suite, "--model", "openai:scripted", "--base-url", url, "--out", out, "--no-offline-repair", "--no-review", "--queue", redis.url, "--checkpoints", postgres.url, "--json"];
const resultLines = (out: string) => readFileSync(join(out, "results.jsonl"), "utf8").trim().split("\n").map((line) => JSON.parse(line));

describe("mend eval --queue on mend workers", () => {
  it("spreads a suite over two workers; a worker SIGKILLed mid-task loses it to the other, which resumes from the checkpoint", async () => {
    // Every task: a wrong first answer, then the right one; the second request about Q/add
    // hangs until its worker is killed, and the run goes on elsewhere with its attempt 1 kept.
    const byTask = new Map<string, number>();
    const script = (request: RecordedRequest): ScriptedStep => {
      const task = taskOf(request);
      const seen = (byTask.get(task.id) ?? 0) + 1;
      byTask.set(task.id, seen);
      if (task.id === "Q/add" && seen === 2) return { hang: true };
      return { reply: code(task, seen === 1 ? "wrong" : "right"), delayMs: 200 };
    };
    const server = await startScriptedServer(script);
    try {
      const first = startWorker("a");
      const second = startWorker("b");
      await until(() => first.log().includes("taking jobs") && second.log().includes("taking jobs"), "both workers up");
      const out = join(dir, "eval-kill");
      const evaluation = spawnMend(evalArgs(writeSuite(dir, TASKS), out, server.url), { cwd: dir, env });
      await until(() => byTask.get("Q/add") === 2, "the hanging request about Q/add");
      const holder = [first, second].find((worker) => /took Q\/add/.test(worker.log()));
      expect(holder).toBeDefined();
      holder?.child.kill("SIGKILL");
      expect((await holder?.exit)?.signal).toBe("SIGKILL");

      const finished = await evaluation.exit;
      expect(finished.code, finished.stderr).toBe(0);
      const report = JSON.parse(finished.stdout) as EvalReport;
      expect(report.finished).toBe(TASKS.length);
      expect(report.figures.solved.count).toBe(TASKS.length);
      // The killed attempt was the second: attempt 1 is not made again, so Q/add asked the model three times.
      expect(byTask.get("Q/add")).toBe(3);
      const lines = resultLines(out);
      expect(lines.map((line) => line.taskId).sort()).toEqual(TASKS.map((task) => task.id).sort());
      const add = lines.find((line) => line.taskId === "Q/add");
      expect(add.attempts.map((attempt: { n: number; stage: string }) => [attempt.n, attempt.stage])).toEqual([
        [1, "tests"],
        [2, "ok"],
      ]);
      const survivor = [first, second].find((worker) => worker !== holder);
      expect(survivor?.log()).toMatch(/took Q\/add/);
      expect(add.worker).toMatch(new RegExp(`:${survivor?.child.pid}$`));
      expect(report.workers?.map((worker) => worker.tasks).reduce((a, b) => a + b, 0)).toBe(TASKS.length);
      // Each run was copied into the eval's folder from Postgres, with its report.
      expect(readFileSync(join(add.runDir, "report.html"), "utf8")).toContain("<html");
    } finally {
      await server.close();
      await stopWorkers();
    }
  }, SLOW);

  it("a poison task that kills every worker taking it ends failed after --tries with the reason; the eval goes on", async () => {
    const poison = TASKS[3];
    const script = (request: RecordedRequest): ScriptedStep => {
      const task = taskOf(request);
      return task.id === poison.id ? { hang: true } : { reply: code(task, "right"), delayMs: 200 };
    };
    const server = await startScriptedServer(script);
    const killed: WorkerProcess[] = [];
    let spawned = 0;
    // Whoever takes the poison task dies (SIGKILL), and a fresh worker takes its place.
    const watch = setInterval(() => {
      for (const worker of workers) {
        if (!killed.includes(worker) && worker.log().includes(`took ${poison.id}`)) {
          killed.push(worker);
          worker.child.kill("SIGKILL");
          startWorker(`poison-${++spawned}`, ["--tries", "2"]);
        }
      }
    }, 100);
    try {
      startWorker("poison-0", ["--tries", "2"]);
      const out = join(dir, "eval-poison");
      const finished = await runMend(evalArgs(writeSuite(dir, [TASKS[0], poison], "poison.jsonl"), out, server.url), { cwd: dir, env });
      expect(finished.code, finished.stderr).toBe(0);
      const lines = resultLines(out);
      expect(lines).toHaveLength(2);
      expect(lines.find((line) => line.taskId === TASKS[0].id)).toMatchObject({ status: "passed" });
      const failed = lines.find((line) => line.taskId === poison.id);
      expect(failed).toMatchObject({ status: "failed", reason: "error" });
      expect(failed.message).toMatch(/failed after 2 tries: .*stalled/);
      expect(killed).toHaveLength(2);
    } finally {
      clearInterval(watch);
      await server.close();
      await stopWorkers();
    }
  }, SLOW);

  it("rides out a Redis restart: workers and the eval reconnect and every task finishes once", async () => {
    let requests = 0;
    const script = (request: RecordedRequest): ScriptedStep => {
      requests++;
      return { reply: code(taskOf(request), "right"), delayMs: 1_500 };
    };
    const server = await startScriptedServer(script);
    try {
      startWorker("r", ["--concurrency", "2"]);
      const out = join(dir, "eval-redis");
      const evaluation = spawnMend(evalArgs(writeSuite(dir, TASKS, "redis.jsonl"), out, server.url), { cwd: dir, env });
      await until(() => requests >= 1, "a first model call");
      await redis.restart();
      const finished = await evaluation.exit;
      expect(finished.code, finished.stderr).toBe(0);
      expect(resultLines(out).map((line) => line.taskId).sort()).toEqual(TASKS.map((task) => task.id).sort());
      expect(JSON.parse(finished.stdout).figures.solved.count).toBe(TASKS.length);
    } finally {
      await server.close();
      await stopWorkers();
    }
  }, SLOW);

  it("--budget-tokens is one cap for the whole eval: once spent, every worker refuses the call before making it", async () => {
    // Each reply is sent 1 s after its request arrives; the first one reports 200k tokens, which
    // crosses the cap. A call already admitted by then (the other worker's, made while the first
    // was in flight: its estimate still fitted) may reach the server; none may arrive later.
    const REPLY_DELAY_MS = 1_000;
    const arrivals: number[] = [];
    const script = (request: RecordedRequest): ScriptedStep => {
      arrivals.push(Date.now());
      return { reply: code(taskOf(request), "right"), usage: { input: 150_000, output: 50_000 }, delayMs: REPLY_DELAY_MS };
    };
    const server = await startScriptedServer(script);
    try {
      startWorker("budget-a");
      startWorker("budget-b");
      const out = join(dir, "eval-budget");
      // Room for the first call only: it reports 200k tokens, and after it the cap is crossed for all.
      const finished = await runMend([...evalArgs(writeSuite(dir, TASKS, "budget.jsonl"), out, server.url), "--budget-tokens", "100000"], { cwd: dir, env });
      expect(finished.code, finished.stderr).toBe(0);
      const lines = resultLines(out);
      expect(lines).toHaveLength(TASKS.length);
      const firstReplied = (arrivals[0] ?? 0) + REPLY_DELAY_MS;
      // Two workers of concurrency 1: at most one call each was in flight when the cap was crossed.
      expect(arrivals.length).toBeGreaterThanOrEqual(1);
      expect(arrivals.length).toBeLessThanOrEqual(2);
      expect(arrivals.filter((at) => at >= firstReplied)).toEqual([]);
      expect(lines.filter((line) => line.status === "passed")).toHaveLength(arrivals.length);
      const refused = lines.filter((line) => line.status === "failed");
      expect(refused.map((line) => line.reason)).toEqual(Array(TASKS.length - arrivals.length).fill("budget_tokens"));
      expect(refused[0].message).toMatch(/shared budget of 100000 tokens/);
    } finally {
      await server.close();
      await stopWorkers();
    }
  }, SLOW);

  it("--budget-usd reserves each call's estimated cost on every worker before the call: a cap that fits two estimates lets exactly two of four calls at once through", async () => {
    // Input free, output at $1000 a million tokens: a call's reservation is its assumed output
    // (ESTIMATED_OUTPUT_TOKENS, $1 a thousand), whatever its prompt; every reply uses all of it, so
    // each call costs its reservation and no reply gives room back, however the four workers' calls interleave.
    const prices = join(dir, "prices.json");
    writeFileSync(prices, JSON.stringify({ scripted: { inputPerMTok: 0, outputPerMTok: 1000 } }));
    const priced = { ...env, MEND_PRICES: prices };
    const perCall = ESTIMATED_OUTPUT_TOKENS / 1000;
    const cap = perCall * 2.5;
    const server = await startScriptedServer((request: RecordedRequest) => ({ reply: code(taskOf(request), "right"), usage: { input: 300, output: ESTIMATED_OUTPUT_TOKENS }, delayMs: 500 }));
    const client = new Redis(redis.url);
    try {
      startWorker("usd-a", ["--concurrency", "2"], priced);
      startWorker("usd-b", ["--concurrency", "2"], priced);
      const out = join(dir, "eval-usd");
      const finished = await runMend([...evalArgs(writeSuite(dir, TASKS, "usd.jsonl"), out, server.url), "--budget-usd", String(cap)], { cwd: dir, env: priced });
      expect(finished.code, finished.stderr).toBe(0);
      expect(server.requests).toHaveLength(2);
      const lines = resultLines(out);
      expect(lines).toHaveLength(TASKS.length);
      const passed = lines.filter((line) => line.status === "passed");
      expect(passed).toHaveLength(2);
      const refused = lines.filter((line) => line.status === "failed");
      expect(refused.map((line) => line.reason)).toEqual(["budget_cost", "budget_cost"]);
      expect(refused[0].message).toContain(`shared budget of $${cap} would be crossed`);
      expect(refused.map((line) => line.usage.modelCalls)).toEqual([0, 0]);
      const billed = passed.reduce((sum, line) => sum + line.usage.costUsd, 0);
      expect(billed).toBeCloseTo(2 * perCall, 6);
      // What Redis holds for this eval: the two calls, settled to what they cost, under the cap.
      const keys = await client.keys("mend:budget:*");
      const spent = (await Promise.all(keys.map((key) => client.hgetall(key)))).find((hash) => Number(hash.nano_usd ?? 0) > 0);
      expect(Number(spent?.calls)).toBe(2);
      expect(Number(spent?.nano_usd) / 1e9).toBeCloseTo(billed, 6);
      expect(Number(spent?.nano_usd) / 1e9).toBeLessThanOrEqual(cap);
    } finally {
      client.disconnect();
      await server.close();
      await stopWorkers();
    }
  }, SLOW);

  it("mend run --queue hands one run to a worker and prints its result; the run is copied here from Postgres", async () => {
    const task = TASKS[1];
    const server = await startScriptedServer((request: RecordedRequest) => ({ reply: code(taskOf(request), "right") }));
    try {
      const worker = startWorker("run");
      writeFileSync(join(dir, "test_mul.py"), `from mul import mul\n\n\ndef test_mul():\n    assert mul(2, 3) == 6\n    assert mul(0, 7) == 0\n`);
      const runsDir = join(dir, "run-here");
      const finished = await runMend(
        ["run", "--prompt", `def ${task.name}(a: int, b: int) -> int: multiply`, "--tests", "test_mul.py", "--lang", "python", "--model", "openai:scripted", "--base-url", server.url, "--no-review", "--queue", redis.url, "--checkpoints", postgres.url, "--runs-dir", runsDir, "--json"],
        { cwd: dir, env },
      );
      expect(finished.code, finished.stderr).toBe(0);
      const result = JSON.parse(finished.stdout);
      expect(result).toMatchObject({ status: "passed", verified: true, runDir: join(runsDir, result.runId) });
      expect(finished.stderr).toMatch(new RegExp(`finished on \\S+:${worker.child.pid}`));
      expect(worker.log()).toContain(`took ${result.runId}`);
      expect(readFileSync(join(runsDir, result.runId, "run.json"), "utf8")).toContain('"passed"');
    } finally {
      await server.close();
      await stopWorkers();
    }
  }, SLOW);

  it("a worker stopped with SIGTERM mid-run hands its job back without using a try; another worker resumes it from the checkpoint and the result is recorded once", async () => {
    // Attempt 1 gets a wrong answer; the request of attempt 2 hangs until the worker is stopped,
    // and is answered right when asked again on the next worker.
    let seen = 0;
    const server = await startScriptedServer((request: RecordedRequest) => {
      seen++;
      if (seen === 2) return { hang: true };
      return { reply: code(taskOf(request), seen === 1 ? "wrong" : "right") };
    });
    const queue = new Queue(RUN_QUEUE, { connection: redisOptionsFrom(redis.url) });
    try {
      const first = startWorker("term-a");
      await until(() => first.log().includes("taking jobs"), "the first worker up");
      writeFileSync(join(dir, "test_add.py"), `from add import add\n\n\ndef test_add():\n    assert add(2, 3) == 5\n    assert add(-1, 1) == 0\n`);
      const running = spawnMend(
        ["run", "--prompt", "def add(a: int, b: int) -> int: the sum", "--tests", "test_add.py", "--lang", "python", "--model", "openai:scripted", "--base-url", server.url, "--no-review", "--no-offline-repair", "--queue", redis.url, "--checkpoints", postgres.url, "--runs-dir", join(dir, "run-term"), "--json"],
        { cwd: dir, env },
      );
      let said = "";
      running.child.stderr?.on("data", (chunk: Buffer) => (said += chunk.toString()));
      await until(() => seen === 2, `the request of attempt 2 (${said})`);
      const runId = /queued run (\S+)/.exec(said)?.[1] ?? "";
      expect(runId).not.toBe("");

      first.child.kill("SIGTERM");
      const stopped = await first.exit;
      expect(stopped.code, stopped.stderr).toBe(0);
      expect(first.log()).toContain(`handed back ${runId} after 1 attempts`);
      const handedBack = await Job.fromId(queue, runId);
      expect(await handedBack?.getState()).toBe("waiting");
      expect({ attemptsMade: handedBack?.attemptsMade, stalledCounter: handedBack?.stalledCounter }).toEqual({ attemptsMade: 0, stalledCounter: 0 });

      const second = startWorker("term-b");
      const finished = await running.exit;
      expect(finished.code, finished.stderr).toBe(0);
      const result = JSON.parse(finished.stdout);
      expect(result).toMatchObject({ runId, status: "passed", verified: true });
      // Attempt 1 was not made again: three requests in all, the hung one included.
      expect(seen).toBe(3);
      expect(result.attempts.map((attempt: { n: number; stage: string }) => [attempt.n, attempt.stage])).toEqual([
        [1, "tests"],
        [2, "ok"],
      ]);
      const done = await Job.fromId(queue, runId);
      expect(await done?.getState()).toBe("completed");
      // The one try it used is the one that finished it.
      expect({ attemptsMade: done?.attemptsMade, stalledCounter: done?.stalledCounter }).toEqual({ attemptsMade: 1, stalledCounter: 0 });
      expect(done?.returnvalue.worker).toMatch(new RegExp(`:${second.child.pid}$`));
      expect(second.log().match(new RegExp(`finished ${runId}`, "g"))).toHaveLength(1);
      expect(first.log()).not.toContain(`finished ${runId}`);
    } finally {
      await queue.close();
      await server.close();
      await stopWorkers();
    }
  }, SLOW);

  it("mend repair --queue carries the project's files in the job: the worker repairs it in a private copy though the project has left its path, and the diff names the original paths", async () => {
    const project = join(dir, "stats-project");
    const files: Record<string, string> = {
      "pyproject.toml": `[project]\nname = "stats"\nversion = "0.1.0"\n`,
      "stats/__init__.py": "",
      "stats/helpers.py": "def total(xs):\n    return sum(xs)\n",
      "stats/core.py": "from stats.helpers import total\n\n\ndef mean(xs):\n    return total(xs) / (len(xs) - 1)\n",
      "data/samples.json": "[[1, 2, 3], [4, 4, 4, 4]]\n",
      "tests/test_core.py":
        "import json\nfrom pathlib import Path\n\nfrom stats.core import mean\n\n\ndef test_mean_of_samples():\n" +
        '    samples = json.loads((Path(__file__).parent.parent / "data" / "samples.json").read_text())\n' +
        "    assert [mean(xs) for xs in samples] == [2, 4]\n",
    };
    for (const [path, content] of Object.entries(files)) {
      mkdirSync(dirname(join(project, path)), { recursive: true });
      writeFileSync(join(project, path), content);
    }
    const fixed = fenced("from stats.helpers import total\n\n\ndef mean(xs):\n    return total(xs) / len(xs)\n", "python");
    const server = await startScriptedServer(() => ({ reply: fixed }));
    try {
      const repairing = spawnMend(
        ["repair", "stats-project/stats/core.py", "--tests", "stats-project/tests/test_core.py", "--model", "openai:scripted", "--base-url", server.url, "--no-review", "--no-offline-repair", "--queue", redis.url, "--checkpoints", postgres.url, "--runs-dir", join(dir, "repair-here")],
        { cwd: dir, env },
      );
      let said = "";
      repairing.child.stderr?.on("data", (chunk: Buffer) => (said += chunk.toString()));
      await until(() => /queued run \S+/.test(said), "the repair to be queued");
      const runId = /queued run (\S+)/.exec(said)?.[1] ?? "";
      // Queued: the project leaves its path before any worker looks at the job.
      renameSync(project, join(dir, "stats-project-moved"));
      const workerRuns = join(dir, "worker-project");
      const worker = startWorker("project");
      const finished = await repairing.exit;
      expect(finished.code, finished.stderr).toBe(0);
      expect(worker.log()).toContain(`finished ${runId}: passed`);
      // The change as the user named the file, made against the draft's contents.
      expect(finished.stdout).toContain("--- stats-project/stats/core.py");
      expect(finished.stdout).toContain("+++ stats-project/stats/core.py");
      expect(finished.stdout).toContain("-    return total(xs) / (len(xs) - 1)");
      expect(finished.stdout).toContain("+    return total(xs) / len(xs)");
      // The run copied back here names the project where it was, never the worker's copy.
      const realProject = join(realpathSync(dir), "stats-project");
      const meta = JSON.parse(readFileSync(join(dir, "repair-here", runId, "meta.json"), "utf8"));
      expect(meta.task.project.root).toBe(realProject);
      expect(meta.task.project.files).toEqual(expect.arrayContaining(["data/samples.json", "stats/helpers.py", "tests/test_core.py"]));
      expect(readFileSync(join(dir, "repair-here", runId, "run.json"), "utf8")).not.toContain(".projects");
      // The private copy is gone once the job is done.
      expect(existsSync(join(workerRuns, ".projects", runId))).toBe(false);
    } finally {
      await server.close();
      await stopWorkers();
    }
  }, SLOW);

  it("a project too large to carry in a job is one line, exit 2, before anything is queued", async () => {
    const project = join(dir, "big-project");
    mkdirSync(join(project, "data"), { recursive: true });
    writeFileSync(join(project, "pyproject.toml"), `[project]\nname = "big"\n`);
    writeFileSync(join(project, "big.py"), "def one():\n    return 2\n");
    writeFileSync(join(project, "test_big.py"), "from big import one\n\n\ndef test_one():\n    assert one() == 1\n");
    writeFileSync(join(project, "data", "readings.csv"), "t,value\n".padEnd(17 * 1024 * 1024, "0,1\n"));
    const client = new Redis(redis.url);
    try {
      const before = await client.llen(`bull:${RUN_QUEUE}:wait`);
      const result = await runMend(["repair", "big-project/big.py", "--tests", "big-project/test_big.py", "--no-offline-repair", "--queue", redis.url], { cwd: dir, env });
      expectUsageExit(result, /^mend: the project at \S+big-project holds more than 16 MiB of files, the most a queued job carries/);
      expect(await client.llen(`bull:${RUN_QUEUE}:wait`)).toBe(before);
    } finally {
      client.disconnect();
    }
  }, SLOW);

  it("workers send heartbeats: eval --queue shows each live worker's progress on stderr; a worker that stops beating leaves the list", async () => {
    const server = await startScriptedServer((request: RecordedRequest) => ({ reply: code(taskOf(request), "right"), delayMs: 200 }));
    const client = new Redis(redis.url);
    try {
      const first = startWorker("beat-a", ["--concurrency", "2", "--heartbeat-seconds", "1"]);
      const second = startWorker("beat-b", ["--heartbeat-seconds", "1"]);
      const pids = [Number(first.child.pid), Number(second.child.pid)];
      // Workers SIGKILLed by earlier tests may still be listed until their keys expire: only these two count here.
      const ours = async () => (await listWorkers(client)).filter((worker) => pids.includes(worker.pid));
      let listed: WorkerBeat[] = [];
      await untilAsync(async () => (listed = await ours()).length === 2, "both workers' heartbeats");
      expect(listed.map(({ host, pid, concurrency, running, done }) => ({ host, pid, concurrency, running, done })).sort((a, b) => a.pid - b.pid)).toEqual(
        [
          { host: hostname(), pid: pids[0], concurrency: 2, running: 0, done: 0 },
          { host: hostname(), pid: pids[1], concurrency: 1, running: 0, done: 0 },
        ].sort((a, b) => a.pid - b.pid),
      );

      const out = join(dir, "eval-beat");
      const finished = await runMend(evalArgs(writeSuite(dir, TASKS, "beat.jsonl"), out, server.url), { cwd: dir, env });
      expect(finished.code, finished.stderr).toBe(0);
      // --json: the report alone on stdout, the workers' progress on stderr, as plain lines (no terminal).
      expect(JSON.parse(finished.stdout).finished).toBe(TASKS.length);
      expect(finished.stderr).not.toMatch(/\x1b\[/);
      const byWorker = new Map<string, number>();
      for (const line of resultLines(out)) byWorker.set(line.worker, (byWorker.get(line.worker) ?? 0) + 1);
      for (const worker of listed) {
        const shown = [...finished.stderr.matchAll(new RegExp(`worker ${worker.name}: (\\d+)/${worker.concurrency} running, (\\d+) done`, "g"))];
        expect(shown.length, finished.stderr).toBeGreaterThan(0);
        // Its last line counts what it ran of this eval.
        expect(Number(shown.at(-1)?.[2])).toBe(byWorker.get(worker.name) ?? 0);
      }
      expect([...byWorker.values()].reduce((a, b) => a + b, 0)).toBe(TASKS.length);

      second.child.kill("SIGKILL");
      await second.exit;
      await untilAsync(async () => (listed = await ours()).length === 1, "the killed worker's heartbeat to expire", 30_000);
      expect(listed.map((worker) => worker.pid)).toEqual([pids[0]]);
    } finally {
      client.disconnect();
      await server.close();
      await stopWorkers();
    }
  }, SLOW);

  it("on a terminal eval --queue redraws one line per live worker in place; it needs no API key or model server of its own (the workers call the model)", async () => {
    const server = await startScriptedServer((request: RecordedRequest) => ({ reply: code(taskOf(request), "right"), delayMs: 300 }));
    try {
      const worker = startWorker("tty", ["--heartbeat-seconds", "0.5"]);
      await until(() => worker.log().includes("taking jobs"), "the worker up");
      const out = join(dir, "eval-tty");
      const screen = join(dir, "eval-tty.screen");
      const report = join(dir, "eval-tty.json");
      const mend = [process.execPath, MEND, ...evalArgs(writeSuite(dir, TASKS, "tty.jsonl"), out, server.url)].map((arg) => `'${arg}'`).join(" ");
      // script(1) gives the eval a real terminal on stderr; the report goes to a file. No OPENAI_API_KEY here.
      const child = spawn("script", ["-q", "-e", "-c", `stty cols 200 rows 40; ${mend} > '${report}'`, screen], {
        cwd: dir,
        env: { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: dir, TERM: "xterm", MEND_OFFLINE_MAX_CANDIDATES: "1" },
        stdio: "ignore",
      });
      const exitCode = await new Promise<number | null>((resolve) => child.on("close", resolve));
      const shown = readFileSync(screen, "utf8");
      expect(exitCode, shown).toBe(0);
      expect(JSON.parse(readFileSync(report, "utf8")).figures.solved.count).toBe(TASKS.length);
      const name = `${hostname()}:${worker.child.pid}`;
      expect(shown).toContain(`worker ${name}: `);
      // Redrawn in place: the cursor goes back up over the lines to write them again.
      expect(shown).toMatch(/\x1b\[\d*A/);
      // The lines' last state: this worker ran every task.
      const states = [...shown.matchAll(new RegExp(`worker ${name}: (\\d+)/1 running, (\\d+) done`, "g"))];
      expect(Number(states.at(-1)?.[2])).toBe(TASKS.length);
    } finally {
      await server.close();
      await stopWorkers();
    }
  }, SLOW);

  it("mend run --queue runs the code review on the worker as a local run does, with the review model given here", async () => {
    const task = TASKS[2];
    const review = 'Reviewed against the requirement.\n\n```json\n{"findings": [{"severity": "low", "line": 2, "text": "no check that the inputs are ints"}]}\n```';
    const server = await startScriptedServer((request: RecordedRequest, index: number) => ({ reply: index === 0 ? code(taskOf(request), "right") : review }));
    try {
      startWorker("review");
      writeFileSync(join(dir, "test_sub.py"), `from sub import sub\n\n\ndef test_sub():\n    assert sub(5, 3) == 2\n    assert sub(1, 4) == -3\n`);
      const finished = await runMend(
        ["run", "--prompt", `def ${task.name}(a: int, b: int) -> int: subtract`, "--tests", "test_sub.py", "--lang", "python", "--model", "openai:scripted", "--base-url", server.url, "--review-model", "openai:scripted-reviewer", "--queue", redis.url, "--checkpoints", postgres.url, "--runs-dir", join(dir, "run-review"), "--json"],
        { cwd: dir, env },
      );
      expect(finished.code, finished.stderr).toBe(0);
      const result = JSON.parse(finished.stdout);
      expect(result).toMatchObject({ status: "passed", verified: true });
      expect(result.review).toEqual({ model: "openai:scripted-reviewer", findings: [{ severity: "low", line: 2, text: "no check that the inputs are ints" }] });
      expect(server.requests.map((request) => request.model)).toEqual(["scripted", "scripted-reviewer"]);
    } finally {
      await server.close();
      await stopWorkers();
    }
  }, SLOW);

  it("eval --queue runs each verified task's code review on the worker, as a local eval does", async () => {
    const review = '```json\n{"findings": []}\n```';
    const server = await startScriptedServer((request: RecordedRequest, index: number) => ({ reply: index === 0 ? code(taskOf(request), "right") : review }));
    try {
      startWorker("eval-review");
      const out = join(dir, "eval-review");
      const args = evalArgs(writeSuite(dir, TASKS.slice(0, 1), "review.jsonl"), out, server.url).filter((arg) => arg !== "--no-review");
      const finished = await runMend([...args, "--review-model", "openai:scripted-reviewer"], { cwd: dir, env });
      expect(finished.code, finished.stderr).toBe(0);
      expect(resultLines(out)).toMatchObject([{ taskId: TASKS[0].id, status: "passed" }]);
      expect(server.requests.map((request) => request.model)).toEqual(["scripted", "scripted-reviewer"]);
    } finally {
      await server.close();
      await stopWorkers();
    }
  }, SLOW);

  it("bad --queue URLs are one line, exit 2, before anything is queued", async () => {
    const suite = writeSuite(dir, TASKS.slice(0, 1), "bad.jsonl");
    const malformed = await runMend(["eval", suite, "--queue", "http://127.0.0.1:6379"], { cwd: dir, env });
    expectUsageExit(malformed, /^mend: --queue takes a redis:\/\/ or rediss:\/\/ URL/);
    const unreachable = await runMend(["eval", suite, "--queue", "redis://127.0.0.1:1", "--out", join(dir, "never")], { cwd: dir, env });
    expectUsageExit(unreachable, /^mend: cannot reach Redis at redis:\/\/127\.0\.0\.1:1/);
    const worker = await runMend(["worker", "--queue", "redis://:secret@127.0.0.1:1"], { cwd: dir, env });
    expectUsageExit(worker, /^mend: cannot reach Redis at redis:\/\/:\*\*\*@127\.0\.0\.1:1/);
    const budgetAlone = await runMend(["eval", suite, "--budget-usd", "1"], { cwd: dir, env });
    expectUsageExit(budgetAlone, /go with --queue/);
    const unpriced = await runMend(["eval", suite, "--model", "openai:scripted", "--queue", redis.url, "--budget-usd", "1", "--out", join(dir, "never")], { cwd: dir, env });
    expectUsageExit(unpriced, /^mend: --budget-usd cannot count calls to openai:scripted: it has no price/);
  }, SLOW);
});
