import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cannedReplies, type ScriptedServer, type ScriptedStep, startScriptedServer } from "../../testkit/index.js";
import { runMend, spawnMend } from "./__fixtures__/spawn-mend.js";

const JS_TESTS = `import { test } from "node:test";
import assert from "node:assert/strict";
import { median } from "./median.js";

test("odd", () => assert.equal(median([3, 1, 2]), 2));
test("even", () => assert.equal(median([4, 1, 3, 2]), 2.5));
test("numbers sort as numbers", () => assert.equal(median([10, 9, 8]), 9));
`;
const { wrong, right } = cannedReplies.javascript;

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "mend-cli-resume-"));
  writeFileSync(join(dir, "median.test.js"), JS_TESTS);
  writeFileSync(join(dir, "task.md"), "---\ntests: median.test.js\nentry: median.js\n---\nExport median(values), the median of an array of numbers.\n");
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const env = { OPENAI_API_KEY: "test-key" };
// Each test spawns the CLI two or three times and runs real validations: generous limits for
// a loaded two-core machine.
const SLOW = 420_000;
// Scripted sequences of loop replies: the code review after success has tests of its own.
const modelArgs = (server: ScriptedServer) => ["--model", "openai:scripted", "--base-url", server.url, "--no-review"];

/** Resolves once the server has received `count` requests. */
async function requestsReached(server: ScriptedServer, count: number, timeoutMs = 180_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (server.requests.length < count) {
    if (Date.now() > deadline) throw new Error(`only ${server.requests.length} of ${count} requests arrived`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

function runIdFrom(stderr: string): string {
  const match = /(?:run|resuming) (\d{8}-\d{6}-[0-9a-f]{6})/.exec(stderr);
  if (!match) throw new Error(`no run id in:\n${stderr}`);
  return match[1];
}

describe("mend resume", () => {
  it("(e) finishes a run killed with SIGKILL mid-way without redoing finished attempts", async () => {
    // Calls 1 and 2 answer wrong code (attempts 1 and 2), call 3 hangs until the process is
    // killed, call 4 (made by the resumed run) answers the right code.
    const script = (_request: unknown, index: number): ScriptedStep =>
      index < 2 ? { reply: wrong } : index === 2 ? { hang: true } : { reply: right };
    const server = await startScriptedServer(script);
    const runsDir = join(dir, "runs-kill");
    try {
      const first = spawnMend(["run", "task.md", ...modelArgs(server), "--runs-dir", runsDir], { cwd: dir, env });
      await requestsReached(server, 3);
      first.child.kill("SIGKILL");
      const killed = await first.exit;
      expect(killed.signal).toBe("SIGKILL");

      const runId = runIdFrom(killed.stderr);
      const attemptsDir = join(runsDir, runId, "attempts");
      expect(readdirSync(attemptsDir).sort()).toEqual(["001.json", "002.json"]);
      // The event log holds everything up to the kill, whole lines only: the step that was
      // waiting on the model when the process died, its entry the last line.
      const logged = readFileSync(join(runsDir, runId, "events.jsonl"), "utf8");
      expect(logged.endsWith("\n")).toBe(true);
      const before = logged.trim().split("\n").map((line) => JSON.parse(line));
      expect(before.filter((event) => event.type === "attempt").map((event) => event.record.n)).toEqual([1, 2]);
      expect(before.at(-1)).toMatchObject({ type: "node_entered", node: "repair", attempt: 2 });
      const writtenBefore = readdirSync(attemptsDir).map((name) => statSync(join(attemptsDir, name)).mtimeMs);

      const resumed = await runMend(["resume", runId, "--runs-dir", runsDir, "--json"], { cwd: dir, env });
      expect(resumed.code).toBe(0);
      const result = JSON.parse(resumed.stdout);
      expect(result).toMatchObject({ runId, status: "passed", verified: true });
      expect(result.attempts.map((attempt: { n: number; stage: string }) => [attempt.n, attempt.stage])).toEqual([
        [1, "tests"],
        [2, "tests"],
        [3, "ok"],
      ]);
      // One new model call (the interrupted one, made again), nothing else redone.
      expect(server.requests).toHaveLength(4);
      const writtenAfter = ["001.json", "002.json"].map((name) => statSync(join(attemptsDir, name)).mtimeMs);
      expect(writtenAfter).toEqual(writtenBefore);
      const events = readFileSync(join(runsDir, runId, "events.jsonl"), "utf8").trim().split("\n").map((line) => JSON.parse(line));
      const validations = events.filter((event) => event.type === "node_entered" && event.node === "validate");
      expect(validations).toHaveLength(3);
    } finally {
      await server.close();
    }
  }, SLOW);

  it("stops on Ctrl-C with exit 130, keeps the checkpoint, and resumes", async () => {
    const script = (_request: unknown, index: number): ScriptedStep =>
      index === 0 ? { reply: wrong } : index === 1 ? { hang: true } : { reply: right };
    const server = await startScriptedServer(script);
    const runsDir = join(dir, "runs-sigint");
    try {
      const first = spawnMend(["run", "task.md", ...modelArgs(server), "--runs-dir", runsDir, "--json"], { cwd: dir, env });
      await requestsReached(server, 2);
      first.child.kill("SIGINT");
      const stopped = await first.exit;
      expect(stopped.code).toBe(130);
      const partial = JSON.parse(stopped.stdout);
      expect(partial).toMatchObject({ status: "failed", reason: "interrupted", verified: false });
      expect(partial.attempts).toHaveLength(1);

      const resumed = await runMend(["resume", partial.runId, "--runs-dir", runsDir, "--json"], { cwd: dir, env });
      expect(resumed.code).toBe(0);
      expect(JSON.parse(resumed.stdout)).toMatchObject({ status: "passed", attempts: [{ n: 1 }, { n: 2 }] });
      expect(server.requests).toHaveLength(3);
    } finally {
      await server.close();
    }
  }, SLOW);

  it("a resumed run keeps --no-offline-repair and --no-boundary from its run folder", async () => {
    const script = (_request: unknown, index: number): ScriptedStep => (index === 1 ? { hang: true } : { reply: wrong });
    const server = await startScriptedServer(script);
    const runsDir = join(dir, "runs-switches");
    try {
      const first = spawnMend(["run", "task.md", ...modelArgs(server), "--max-attempts", "5", "--no-offline-repair", "--no-boundary", "--runs-dir", runsDir, "--json"], { cwd: dir, env });
      await requestsReached(server, 2);
      first.child.kill("SIGINT");
      const partial = JSON.parse((await first.exit).stdout);
      expect(JSON.parse(readFileSync(join(runsDir, partial.runId, "meta.json"), "utf8"))).toMatchObject({ offlineRepair: false, boundary: "off" });

      const resumed = await runMend(["resume", partial.runId, "--runs-dir", runsDir, "--json"], { cwd: dir, env });
      expect(resumed.code).toBe(1);
      // The same wrong code five times: the boundary would have stopped it as stuck, and the offline engine would have fixed it.
      expect(JSON.parse(resumed.stdout)).toMatchObject({ status: "failed", reason: "max_attempts" });
      const events = readFileSync(join(runsDir, partial.runId, "events.jsonl"), "utf8").trim().split("\n").map((line) => JSON.parse(line));
      expect(events.filter((event) => event.node === "offline_repair" || event.type === "boundary")).toEqual([]);
    } finally {
      await server.close();
    }
  }, SLOW);

  it("resume --no-review turns off the code review the run started with, for the rest of the run", async () => {
    // Call 1 answers wrong code, call 2 hangs until Ctrl-C; the resumed run's call 3 answers the right code.
    const script = (_request: unknown, index: number): ScriptedStep =>
      index === 0 ? { reply: wrong } : index === 1 ? { hang: true } : { reply: right };
    const server = await startScriptedServer(script);
    const runsDir = join(dir, "runs-review");
    const withReview = ["--model", "openai:scripted", "--base-url", server.url, "--no-offline-repair"];
    try {
      const first = spawnMend(["run", "task.md", ...withReview, "--runs-dir", runsDir, "--json"], { cwd: dir, env });
      await requestsReached(server, 2);
      first.child.kill("SIGINT");
      const partial = JSON.parse((await first.exit).stdout);
      const metaPath = join(runsDir, partial.runId, "meta.json");
      expect(JSON.parse(readFileSync(metaPath, "utf8")).review).toEqual({ fix: false });

      const refused = await runMend(["resume", partial.runId, "--no-review", "--review-fix", "--runs-dir", runsDir], { cwd: dir, env });
      expect(refused.code).toBe(2);
      expect(refused.stderr).toMatch(/--no-review turns the review off/);

      const resumed = await runMend(["resume", partial.runId, "--no-review", "--runs-dir", runsDir, "--json"], { cwd: dir, env });
      expect(resumed.code).toBe(0);
      const result = JSON.parse(resumed.stdout);
      expect(result).toMatchObject({ status: "passed", verified: true });
      // No review call after success: the interrupted call made again, nothing more.
      expect(result.review).toBeUndefined();
      expect(server.requests).toHaveLength(3);
      expect(JSON.parse(readFileSync(metaPath, "utf8")).review).toBeUndefined();
    } finally {
      await server.close();
    }
  }, SLOW);

  it("(d) --approve pauses a repair before writing (exit 130); resume --approve writes the file", async () => {
    const server = await startScriptedServer([{ reply: right }]);
    const runsDir = join(dir, "runs-approve");
    const file = join(dir, "median.js");
    writeFileSync(file, cannedReplies.javascript.code.wrong);
    try {
      const paused = await runMend(
        ["repair", "median.js", "--tests", "median.test.js", "--write", "--approve", "--json", ...modelArgs(server), "--runs-dir", runsDir],
        { cwd: dir, env },
      );
      expect(paused.code).toBe(130);
      const pending = JSON.parse(paused.stdout);
      expect(pending).toMatchObject({ reason: "interrupted", pending: "approval", verified: true });
      expect(readFileSync(file, "utf8")).toBe(cannedReplies.javascript.code.wrong);

      const unanswered = await runMend(["resume", pending.runId, "--runs-dir", runsDir, "--json"], { cwd: dir, env });
      expect(unanswered.code).toBe(130);
      expect(JSON.parse(unanswered.stdout)).toMatchObject({ pending: "approval" });

      const approved = await runMend(["resume", pending.runId, "--approve", "--runs-dir", runsDir, "--json"], { cwd: dir, env });
      expect(approved.code).toBe(0);
      const result = JSON.parse(approved.stdout);
      expect(result).toMatchObject({ status: "passed", verified: true });
      expect(readFileSync(file, "utf8")).toBe(result.code);
      expect(server.requests).toHaveLength(1);
    } finally {
      await server.close();
    }
  }, SLOW);
});
