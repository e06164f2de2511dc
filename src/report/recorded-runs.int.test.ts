import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runMend } from "../cli/commands/__fixtures__/spawn-mend.js";
import { startScriptedServer } from "../testkit/index.js";

// The run folders under __fixtures__/runs were recorded from real runs, and the report's tests
// read them. This runs the newest recording of each kind again today, with the same task and
// the same model replies (taken from its attempt files), and compares what the loop did and
// decided. When the loop moves on, the test fails until a new recording is added:
// `MEND_RECORD_FIXTURES=1` on this test copies the fresh run folder in (older recordings stay,
// as runs of older versions the report must still read; say so in the folder's README).

const FIXTURES = fileURLToPath(new URL("./__fixtures__/runs/", import.meta.url));
const readJson = (path: string) => JSON.parse(readFileSync(path, "utf8"));

interface RunFolderFacts {
  attempts: unknown[];
  result: unknown;
  events: string[];
}

/** What the loop did and decided in a run folder; times, ids, paths and token counts vary by run. */
function facts(dir: string): RunFolderFacts {
  const attempts = readdirSync(join(dir, "attempts"))
    .sort()
    .map((name) => readJson(join(dir, "attempts", name)))
    .map(({ record, check }) => ({
      n: record.n,
      source: record.source,
      strategy: record.strategy,
      stage: record.stage,
      errorType: record.errorType,
      testsPassed: record.testsPassed,
      testsTotal: record.testsTotal,
      signature: check.signature,
    }));
  const run = readJson(join(dir, "run.json"));
  const events = readFileSync(join(dir, "events.jsonl"), "utf8")
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line))
    .map((event) => [event.type, event.node ?? event.to ?? event.strategy ?? ""].join(" ").trim());
  return {
    attempts,
    result: { status: run.status, reason: run.reason, verified: run.verified, attempts: run.attempts.length, modelCalls: run.usage.modelCalls },
    events,
  };
}

/** The newest recorded folder of each kind of run (run ids sort by start time). */
function newestRecorded(command: "run" | "repair"): string {
  const runs = readdirSync(FIXTURES)
    .filter((name) => existsSync(join(FIXTURES, name, "meta.json")) && readJson(join(FIXTURES, name, "meta.json")).command === command)
    .sort();
  return join(FIXTURES, runs.at(-1)!);
}

/** Writes the recorded task's files into `dir`, as a user has them. */
function layOut(meta: { task: { prompt: string; language: string; entry: string; tests: { path: string; content: string }[]; draft?: string } }): void {
  for (const file of meta.task.tests) writeFileSync(join(dir, file.path), file.content);
  if (meta.task.draft !== undefined) writeFileSync(join(dir, meta.task.entry), meta.task.draft);
  writeFileSync(
    join(dir, "task.md"),
    `---\nlanguage: ${meta.task.language}\nentry: ${meta.task.entry}\ntests: ${meta.task.tests.map((file) => file.path).join(", ")}\n---\n${meta.task.prompt}\n`,
  );
}

/** Compares a fresh run folder with the recording; `MEND_RECORD_FIXTURES=1` adds it as the new recording. */
function expectSameRun(stdout: string, recorded: string): void {
  const runId = JSON.parse(stdout).runId as string;
  const fresh = join(dir, "runs", runId);
  if (process.env.MEND_RECORD_FIXTURES === "1") {
    cpSync(fresh, join(FIXTURES, runId), { recursive: true, filter: (path) => !/(checkpoints\.sqlite|report\.html)$/.test(path) });
  }
  const now = facts(fresh);
  const then = facts(recorded);
  expect(now.attempts).toEqual(then.attempts);
  expect(now.result).toEqual(then.result);
  expect(now.events).toEqual(then.events);
}

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "mend-recorded-run-"));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("the recorded run folders", () => {
  it("`mend run`: what it still does with the same task and model replies", { timeout: 180_000 }, async () => {
    const recorded = newestRecorded("run");
    const meta = readJson(join(recorded, "meta.json"));
    const replies = readdirSync(join(recorded, "attempts"))
      .sort()
      .map((name) => readJson(join(recorded, "attempts", name)).model.reply as string);
    layOut(meta);
    const server = await startScriptedServer(replies.map((reply) => ({ reply })));
    try {
      const result = await runMend(
        ["run", "task.md", "--model", "openai:scripted", "--base-url", server.url, "--max-attempts", String(meta.maxAttempts), "--runs-dir", join(dir, "runs"), "--json"],
        { cwd: dir },
      );
      expect(result.code, result.stderr).toBe(1);
      expectSameRun(result.stdout, recorded);
    } finally {
      await server.close();
    }
  });

  it("offline repair of a draft (recorded from `mend eval`): what `mend repair` still does with it", { timeout: 300_000 }, async () => {
    const recorded = newestRecorded("repair");
    const meta = readJson(join(recorded, "meta.json"));
    expect(meta.model).toBe("offline");
    layOut(meta);
    const result = await runMend(
      ["repair", meta.task.entry, "--tests", ...meta.task.tests.map((file: { path: string }) => file.path)].concat(
        ["--model", "offline", "--max-attempts", String(meta.maxAttempts), "--runs-dir", join(dir, "runs"), "--json"],
      ),
      { cwd: dir },
    );
    expect(result.code, result.stderr).toBe(0);
    expectSameRun(result.stdout, recorded);
  });
});
