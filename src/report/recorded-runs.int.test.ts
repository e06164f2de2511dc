import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runMend } from "../cli/commands/__fixtures__/spawn-mend.js";
import { startScriptedServer } from "../testkit/index.js";

// The run folders under __fixtures__/runs were recorded from real runs, and the report's tests
// read them. This runs the newest `mend run` recording again today, with the same task and the
// same model replies (taken from its attempt files), and compares what the loop did and
// decided. When the loop moves on, the test fails until a new recording is added:
// `MEND_RECORD_FIXTURES=1` on this test copies the fresh run folder in (older recordings stay,
// as runs of older versions the report must still read; say so in the folder's README).

const FIXTURES = fileURLToPath(new URL("./__fixtures__/runs/", import.meta.url));
const readJson = (path: string) => JSON.parse(readFileSync(path, "utf8"));

/** The newest recorded folder of a `mend run` (run ids sort by start time). */
function newestRecordedRun(): string {
  const runs = readdirSync(FIXTURES)
    .filter((name) => existsSync(join(FIXTURES, name, "meta.json")) && readJson(join(FIXTURES, name, "meta.json")).command === "run")
    .sort();
  return join(FIXTURES, runs.at(-1)!);
}

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

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "mend-recorded-run-"));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("the recorded `mend run` folder", () => {
  it("is what `mend run` still does with the same task and replies", { timeout: 180_000 }, async () => {
    const RECORDED = newestRecordedRun();
    const meta = readJson(join(RECORDED, "meta.json"));
    const replies = readdirSync(join(RECORDED, "attempts"))
      .sort()
      .map((name) => readJson(join(RECORDED, "attempts", name)).model.reply as string);
    for (const file of meta.task.tests) writeFileSync(join(dir, file.path), file.content);
    writeFileSync(
      join(dir, "task.md"),
      `---\nlanguage: ${meta.task.language}\nentry: ${meta.task.entry}\ntests: ${meta.task.tests.map((file: { path: string }) => file.path).join(", ")}\n---\n${meta.task.prompt}\n`,
    );
    const server = await startScriptedServer(replies.map((reply) => ({ reply })));
    try {
      const result = await runMend(
        ["run", "task.md", "--model", "openai:scripted", "--base-url", server.url, "--max-attempts", String(meta.maxAttempts), "--runs-dir", join(dir, "runs"), "--json"],
        { cwd: dir },
      );
      expect(result.code, result.stderr).toBe(1);
      const fresh = join(dir, "runs", JSON.parse(result.stdout).runId);
      if (process.env.MEND_RECORD_FIXTURES === "1") {
        cpSync(fresh, join(FIXTURES, JSON.parse(result.stdout).runId), { recursive: true, filter: (path) => !/(checkpoints\.sqlite|report\.html)$/.test(path) });
      }
      const now = facts(fresh);
      const then = facts(RECORDED);
      expect(now.attempts).toEqual(then.attempts);
      expect(now.result).toEqual(then.result);
      expect(now.events).toEqual(then.events);
    } finally {
      await server.close();
    }
  });
});
