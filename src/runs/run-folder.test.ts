import { execFileSync } from "node:child_process";
import { appendFileSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { UsageError } from "../errors/usage-error.js";
import type { CheckResult } from "../shared/check-result.js";
import { createRunId } from "./create-run-id.js";
import { RunFolder } from "./run-folder.js";
import type { RunMeta } from "./run-meta.js";

let runsDir: string;
beforeEach(() => {
  runsDir = mkdtempSync(join(tmpdir(), "mend-runs-"));
});
afterEach(() => rmSync(runsDir, { recursive: true, force: true }));

const meta = (runId: string): RunMeta => ({
  schemaVersion: 1,
  runId,
  createdAt: new Date().toISOString(),
  command: "run",
  task: { prompt: "p", language: "python", entry: "a.py", tests: [{ path: "test_a.py", content: "" }] },
  model: "offline",
  maxAttempts: 5,
  budget: {},
  approve: false,
  elapsedMs: 0,
});

const check: CheckResult = { passed: false, stage: "tests", summary: "s", layers: [], executions: 1 };
const attempt = (n: number) => ({
  schemaVersion: 1 as const,
  record: { n, source: "model" as const, strategy: "fix", stage: "tests" as const, summary: "s", durationMs: 1 },
  code: `v${n}`,
  check,
});

describe("createRunId", () => {
  it("sorts by start time and differs between runs started together", () => {
    const early = createRunId(new Date("2025-03-14T09:30:12Z"));
    expect(early).toMatch(/^20250314-093012-[0-9a-f]{6}$/);
    expect(createRunId(new Date("2025-03-14T09:30:13Z")) > early).toBe(true);
    expect(createRunId()).not.toBe(createRunId());
  });
});

describe("RunFolder", () => {
  it("keeps the meta, one file per attempt in order, the event log and the result; reopens by id or path", () => {
    const folder = RunFolder.create(runsDir, meta("r1"));
    for (const n of [2, 1, 10]) folder.writeAttempt(attempt(n));
    folder.appendEvent({ type: "route", from: "validate", to: "diagnose", why: "failed" });
    expect(folder.readAttempts().map((file) => file.code)).toEqual(["v1", "v2", "v10"]);
    expect(readdirSync(join(folder.dir, "attempts")).sort()).toEqual(["001.json", "002.json", "010.json"]);

    const byId = RunFolder.open(runsDir, "r1");
    const byPath = RunFolder.open("/elsewhere", folder.dir);
    expect(byId.dir).toBe(folder.dir);
    expect(byPath.readMeta()).toEqual(byId.readMeta());
    expect(byId.readAttempt(2)?.code).toBe("v2");
    expect(byId.readAttempt(3)).toBeUndefined();
  });

  it("has each event in the log file when appendEvent returns, across close() and after it", () => {
    const folder = RunFolder.create(runsDir, meta("r4"));
    const log = join(folder.dir, "events.jsonl");
    const lines = () => readFileSync(log, "utf8").split("\n").filter(Boolean).map((line) => JSON.parse(line));
    folder.appendEvent({ type: "route", from: "validate", to: "diagnose", why: "failed" });
    expect(lines()).toMatchObject([{ type: "route", to: "diagnose" }]);
    folder.close();
    folder.appendEvent({ type: "approval", approved: true });
    expect(lines()).toMatchObject([{ type: "route" }, { type: "approval", approved: true }]);
    folder.close();
    folder.close();
  });

  it("reads back the attempt it last wrote as written, and a copy the caller may change", () => {
    const folder = RunFolder.create(runsDir, meta("r5"));
    folder.writeAttempt(attempt(1));
    const first = folder.readAttempt(1);
    expect(first).toEqual(attempt(1));
    (first as { code: string }).code = "changed";
    expect(folder.readAttempt(1)?.code).toBe("v1");
    expect(RunFolder.open(runsDir, "r5").readAttempt(1)).toEqual(attempt(1));
  });

  it("keeps a model exchange beside the attempts until dropped, not as an attempt; one cut short reads as none", () => {
    const folder = RunFolder.create(runsDir, meta("r6"));
    const exchange = { messages: [{ role: "user", content: "fix it" }], reply: "```python\nx = 1\n```", retries: 0, temperature: 0.2, extraction: "fenced" };
    expect(folder.readExchange(1)).toBeUndefined();
    folder.writeExchange(1, exchange);
    expect(RunFolder.open(runsDir, "r6").readExchange(1)).toEqual(exchange);
    expect(folder.readAttempts()).toEqual([]);
    folder.dropExchange(1);
    expect(folder.readExchange(1)).toBeUndefined();
    expect(readdirSync(join(folder.dir, "attempts"))).toEqual([]);
    expect(RunFolder.open(runsDir, "r6").readExchange(1)).toBeUndefined();
    // What a process killed in the middle of the write leaves.
    appendFileSync(join(folder.dir, "exchanges.jsonl"), JSON.stringify({ n: 2, exchange }).slice(0, 30));
    expect(folder.readExchange(2)).toBeUndefined();
    // The same reply kept twice for one attempt (a candidate read again): the later one counts.
    const again = RunFolder.open(runsDir, "r6");
    again.writeExchange(3, exchange);
    again.writeExchange(3, { ...exchange, retries: 1 });
    expect(RunFolder.open(runsDir, "r6").readExchange(3)?.retries).toBe(1);
    again.close();
  });

  it("reads an exchange kept in a file of its own by an earlier version, and drops it", () => {
    const folder = RunFolder.create(runsDir, meta("r6b"));
    const exchange = { messages: [{ role: "user", content: "fix it" }], reply: "```python\nx = 1\n```", retries: 0, temperature: 0.2, extraction: "fenced" };
    writeFileSync(join(folder.dir, "attempts", "002.model.json"), JSON.stringify(exchange));
    expect(folder.readExchange(2)).toEqual(exchange);
    folder.dropExchange(2);
    expect(readdirSync(join(folder.dir, "attempts"))).toEqual([]);
    writeFileSync(join(folder.dir, "attempts", "003.model.json"), JSON.stringify(exchange).slice(0, 20));
    expect(folder.readExchange(3)).toBeUndefined();
  });

  it("rejects an unknown run and a folder whose meta is not a run's, as usage errors", () => {
    expect(() => RunFolder.open(runsDir, "nope")).toThrow(UsageError);
    const folder = RunFolder.create(runsDir, meta("r2"));
    writeFileSync(join(folder.dir, "meta.json"), JSON.stringify({ schemaVersion: 2 }));
    expect(() => RunFolder.open(runsDir, "r2")).toThrow(/not a mendloop run/);
  });

  it("never leaves half-written files behind: a write that fails mid-way keeps the old file whole", () => {
    const folder = RunFolder.create(runsDir, meta("r3"));
    folder.writeAttempt(attempt(1));
    const big = { ...attempt(1), code: "x = 1\n".repeat(4096) };
    // A file-size limit on this test's own process makes the kernel stop the write after 4 KiB
    // (EFBIG; Node ignores SIGXFSZ), as a full disk or a quota does. Only the soft limit is
    // lowered, so it can be raised again; everything in between is synchronous.
    const limit = (soft: string) => execFileSync("prlimit", ["--pid", String(process.pid), `--fsize=${soft}:unlimited`]);
    limit("4096");
    try {
      expect(() => folder.writeAttempt(big)).toThrow(/EFBIG/);
      expect(() => folder.writeMeta({ ...meta("r3"), task: { ...meta("r3").task, prompt: "p".repeat(8192) } })).toThrow(/EFBIG/);
    } finally {
      limit("unlimited");
    }
    expect(folder.readAttempt(1)?.code).toBe("v1");
    expect(folder.readMeta().task.prompt).toBe("p");
    expect(readdirSync(join(folder.dir, "attempts"))).toEqual(["001.json"]);
    expect(readdirSync(folder.dir).sort()).toEqual(["attempts", "meta.json"]);
  });
});
