import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectUsageExit, runMend, spawnMend } from "../cli/commands/__fixtures__/spawn-mend.js";
import { cannedReplies, type ScriptedServer, type ScriptedStep, startScriptedServer } from "../testkit/index.js";
import { type LocalPostgres, startLocalPostgres } from "../testkit/local-postgres.js";

const JS_TESTS = `import { test } from "node:test";
import assert from "node:assert/strict";
import { median } from "./median.js";

test("odd", () => assert.equal(median([3, 1, 2]), 2));
test("even", () => assert.equal(median([4, 1, 3, 2]), 2.5));
test("numbers sort as numbers", () => assert.equal(median([10, 9, 8]), 9));
`;
const { wrong, right } = cannedReplies.javascript;
const env = { OPENAI_API_KEY: "test-key" };
const SLOW = 240_000;
const modelArgs = (server: ScriptedServer) => ["--model", "openai:scripted", "--base-url", server.url, "--no-review", "--no-offline-repair"];

let dir: string;
let postgres: LocalPostgres;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "mend-pg-checkpoints-"));
  writeFileSync(join(dir, "median.test.js"), JS_TESTS);
  writeFileSync(join(dir, "task.md"), "---\ntests: median.test.js\nentry: median.js\n---\nExport median(values), the median of an array of numbers.\n");
  postgres = await startLocalPostgres();
}, 120_000);
afterAll(async () => {
  await postgres?.stop();
  rmSync(dir, { recursive: true, force: true });
});

async function requestsReached(server: ScriptedServer, count: number, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (server.requests.length < count) {
    if (Date.now() > deadline) throw new Error(`only ${server.requests.length} of ${count} requests arrived`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe("--checkpoints postgres://", () => {
  it("a run killed on one machine is resumed and reported on another from Postgres alone, no attempt redone", async () => {
    // Two wrong answers (attempts 1 and 2), then a call that hangs until the process is killed;
    // the resumed run's call gets the right code.
    const script = (_request: unknown, index: number): ScriptedStep => (index < 2 ? { reply: wrong } : index === 2 ? { hang: true } : { reply: right });
    const server = await startScriptedServer(script);
    try {
      const machineA = join(dir, "machine-a");
      const first = spawnMend(["run", "task.md", ...modelArgs(server), "--runs-dir", machineA, "--checkpoints", postgres.url], { cwd: dir, env });
      await requestsReached(server, 3);
      first.child.kill("SIGKILL");
      const killed = await first.exit;
      expect(killed.signal).toBe("SIGKILL");
      const [runId] = readdirSync(machineA);

      // Machine B has no run folder at all: everything comes from the database.
      const machineB = join(dir, "machine-b");
      const resumed = await runMend(["resume", runId, "--runs-dir", machineB, "--checkpoints", postgres.url, "--json"], { cwd: dir, env });
      expect(resumed.code, resumed.stderr).toBe(0);
      const result = JSON.parse(resumed.stdout);
      expect(result).toMatchObject({ runId, status: "passed", verified: true });
      expect(result.attempts.map((attempt: { n: number; stage: string }) => [attempt.n, attempt.stage])).toEqual([
        [1, "tests"],
        [2, "tests"],
        [3, "ok"],
      ]);
      expect(server.requests).toHaveLength(4);
      expect(readdirSync(join(machineB, runId, "attempts")).sort()).toEqual(["001.json", "002.json", "003.json"]);

      // The database holds the whole run: the attempts of both machines, the result, the events of both sessions.
      const client = new pg.Client({ connectionString: postgres.url });
      await client.connect();
      try {
        const attempts = await client.query("select n from mend_run_attempts where run_id = $1 order by n", [runId]);
        expect(attempts.rows.map((row) => row.n)).toEqual([1, 2, 3]);
        const run = await client.query("select result from mend_runs where run_id = $1", [runId]);
        expect(run.rows[0].result).toMatchObject({ status: "passed", attempts: [{ n: 1 }, { n: 2 }, { n: 3 }] });
        const starts = await client.query("select body->>'resumed' as resumed from mend_run_events where run_id = $1 and body->>'type' = 'run_started' order by id", [runId]);
        expect(starts.rows.map((row) => row.resumed)).toEqual(["false", "true"]);
      } finally {
        await client.end();
      }

      // Machine C reports it.
      const machineC = join(dir, "machine-c");
      const report = await runMend(["report", runId, "--runs-dir", machineC, "--checkpoints", postgres.url, "--json"], { cwd: dir, env });
      expect(report.code, report.stderr).toBe(0);
      const { path } = JSON.parse(report.stdout);
      expect(path).toBe(join(machineC, runId, "report.html"));
      expect(existsSync(path)).toBe(true);
    } finally {
      await server.close();
    }
  }, SLOW);

  it("mend repair --checkpoints: a repair killed on one machine resumes on another from Postgres, its draft attempt kept", async () => {
    // The draft fails its tests (attempt 1), the model's first fix too (attempt 2); the next call
    // hangs until the process is killed, and the resumed repair's call gets the right code.
    const script = (_request: unknown, index: number): ScriptedStep => (index === 0 ? { reply: wrong } : index === 1 ? { hang: true } : { reply: right });
    const server = await startScriptedServer(script);
    try {
      const project = join(dir, "repair-project");
      mkdirSync(project);
      writeFileSync(join(project, "package.json"), '{ "name": "median", "type": "module" }\n');
      writeFileSync(join(project, "median.test.js"), JS_TESTS);
      writeFileSync(join(project, "median.js"), "export function median(values) {\n  const sorted = [...values].sort();\n  return sorted[Math.floor(sorted.length / 2)];\n}\n");
      const machineA = join(dir, "repair-a");
      const first = spawnMend(["repair", "median.js", "--tests", "median.test.js", ...modelArgs(server), "--runs-dir", machineA, "--checkpoints", postgres.url], { cwd: project, env });
      await requestsReached(server, 2);
      first.child.kill("SIGKILL");
      expect((await first.exit).signal).toBe("SIGKILL");
      const [runId] = readdirSync(machineA);

      const resumed = await runMend(["resume", runId, "--runs-dir", join(dir, "repair-b"), "--checkpoints", postgres.url, "--json"], { cwd: project, env });
      expect(resumed.code, resumed.stderr).toBe(0);
      const result = JSON.parse(resumed.stdout);
      expect(result).toMatchObject({ runId, status: "passed", verified: true });
      expect(result.attempts.map((attempt: { n: number; stage: string }) => [attempt.n, attempt.stage])).toEqual([
        [1, "tests"],
        [2, "tests"],
        [3, "ok"],
      ]);
      expect(server.requests).toHaveLength(3);
      const client = new pg.Client({ connectionString: postgres.url });
      await client.connect();
      try {
        const run = await client.query("select meta->>'command' as command, result->>'status' as status from mend_runs where run_id = $1", [runId]);
        expect(run.rows).toEqual([{ command: "repair", status: "passed" }]);
      } finally {
        await client.end();
      }
    } finally {
      await server.close();
    }
  }, SLOW);

  it("a run rides out a Postgres restart in the middle: its writes wait for the database and the run finishes", async () => {
    const script = (_request: unknown, index: number): ScriptedStep => ({ reply: index === 0 ? wrong : right, delayMs: 2_000 });
    const server = await startScriptedServer(script);
    try {
      const runsDir = join(dir, "pg-restart");
      const running = spawnMend(["run", "task.md", ...modelArgs(server), "--runs-dir", runsDir, "--checkpoints", postgres.url, "--json"], { cwd: dir, env });
      await requestsReached(server, 1);
      await postgres.restart();
      const finished = await running.exit;
      expect(finished.code, finished.stderr).toBe(0);
      const result = JSON.parse(finished.stdout);
      expect(result).toMatchObject({ status: "passed", attempts: [{ n: 1 }, { n: 2 }] });
      const client = new pg.Client({ connectionString: postgres.url });
      await client.connect();
      try {
        const stored = await client.query("select result->>'status' as status from mend_runs where run_id = $1", [result.runId]);
        expect(stored.rows).toEqual([{ status: "passed" }]);
      } finally {
        await client.end();
      }
    } finally {
      await server.close();
    }
  }, SLOW);

  it("a malformed or unreachable --checkpoints URL is one line, exit 2, before any run starts", async () => {
    const runsDir = join(dir, "bad-url");
    const malformed = await runMend(["run", "task.md", "--runs-dir", runsDir, "--checkpoints", "mysql://127.0.0.1/x"], { cwd: dir, env });
    expectUsageExit(malformed, /^mend: --checkpoints takes a postgres:\/\/ or postgresql:\/\/ URL/);
    const unreachable = await runMend(["run", "task.md", "--runs-dir", runsDir, "--checkpoints", "postgres://mend:secret@127.0.0.1:1/mend", "--json"], { cwd: dir, env });
    expectUsageExit(unreachable, /^mend: cannot reach Postgres at postgres:\/\/mend:\*\*\*@127\.0\.0\.1:1\/mend/, { json: true });
    expect(unreachable.stderr).not.toContain("secret");
    expect(existsSync(runsDir) ? readdirSync(runsDir) : []).toEqual([]);
  }, SLOW);
});
