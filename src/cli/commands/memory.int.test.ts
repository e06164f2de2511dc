import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { EvalReport } from "../../eval/eval-report.js";
import type { MemoryEntry } from "../../memory/memory-entry.js";
import type { RunResult } from "../../shared/run-result.js";
import { expectUsageExit, runMend } from "./__fixtures__/spawn-mend.js";

// Real repairs in the sandbox, on a two-core machine shared with others.
vi.setConfig({ testTimeout: 240_000 });

let dir: string;
let memory: string;
// Bounded by candidates, so that what the offline engine finds does not depend on the machine's load.
const env = { MEND_OFFLINE_MAX_CANDIDATES: "300" };

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "mend-cli-memory-"));
  cpSync(new URL("../../../examples/median", import.meta.url), join(dir, "median"), { recursive: true });
  memory = join(dir, "memory.sqlite");
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const repair = (...extra: string[]) =>
  runMend(["repair", "median.py", "--tests", "test_median.py", "--runs-dir", join(dir, "runs"), "--json", ...extra], { cwd: join(dir, "median"), env });
const memoryCommand = (...args: string[]) => runMend(["memory", ...args, "--memory", memory], { cwd: dir });
const json = <T>(stdout: string): T => JSON.parse(stdout) as T;

describe("mend repair with the memory", () => {
  let recorded: string;

  it("records the verified fix of a real run, and the next run recalls it", async () => {
    const first = await repair("--memory", memory);
    expect(first.code).toBe(0);
    const result = json<RunResult>(first.stdout);
    expect(result.verified).toBe(true);
    expect(result.memory?.used).toEqual([]);
    recorded = result.memory?.recorded ?? "";
    expect(recorded).toMatch(/^[0-9a-f]{12}$/);

    const second = await repair("--memory", memory);
    expect(json<RunResult>(second.stdout).memory).toEqual({ used: [recorded], recorded });
    const report = readFileSync(join(json<RunResult>(second.stdout).runDir, "report.html"), "utf8");
    expect(report).toContain('<section id="memory">');
    expect(report).toMatch(new RegExp(`<code>${recorded}</code>.*yes: that attempt was verified`));
  });

  it("lists, shows, exports, clears and imports it back; forgets it", async () => {
    const list = json<{ entries: MemoryEntry[] }>((await memoryCommand("list", "--json")).stdout);
    expect(list.entries).toHaveLength(1);
    expect(list.entries[0]).toMatchObject({ id: recorded, language: "python", verified: true, timesUsed: 1, timesHelped: 1 });
    expect(list.entries[0].madeBy).toMatch(/^offline:/);

    const shown = await memoryCommand("show", recorded.slice(0, 6));
    expect(shown.code).toBe(0);
    expect(shown.stdout).toContain("-    return (ordered[middle] + ordered[middle + 1]) / 2");

    const file = join(dir, "export.json");
    expect(json<{ exported: number }>((await memoryCommand("export", file, "--json")).stdout).exported).toBe(1);
    expect(json<{ entries: unknown[] }>(readFileSync(file, "utf8")).entries).toHaveLength(1);
    expect(json<{ cleared: number }>((await memoryCommand("clear", "--json")).stdout).cleared).toBe(1);
    expect(json<{ entries: unknown[] }>((await memoryCommand("list", "--json")).stdout).entries).toEqual([]);
    expect(json<{ imported: number }>((await memoryCommand("import", file, "--json")).stdout).imported).toBe(1);
    expect(json<{ entries: MemoryEntry[] }>((await memoryCommand("list", "--json")).stdout).entries).toEqual(list.entries);

    expect(json<{ forgotten: string }>((await memoryCommand("forget", recorded, "--json")).stdout).forgotten).toBe(recorded);
    expectUsageExit(await memoryCommand("forget", recorded), new RegExp(`no remembered fix ${recorded}`));
    expectUsageExit(await memoryCommand("show", "0123456789ab"), /no remembered fix 0123456789ab/);
  });

  it("refuses a malformed import with exit 2 and imports nothing of it", async () => {
    const file = join(dir, "export.json");
    const good = json<{ entries: MemoryEntry[] }>(readFileSync(file, "utf8"));
    // One good entry and one whose language this mend does not know: all or nothing.
    const mixed = { ...good, entries: [good.entries[0], { ...good.entries[0], id: "0123456789ab", language: "cobol" }] };
    writeFileSync(join(dir, "mixed.json"), JSON.stringify(mixed));
    expectUsageExit(await memoryCommand("import", join(dir, "mixed.json")), /mixed\.json is not a mend memory export \(entries\.1\.language: .*\); nothing imported/);
    writeFileSync(join(dir, "truncated.json"), readFileSync(file, "utf8").slice(0, 200));
    expectUsageExit(await memoryCommand("import", join(dir, "truncated.json")), /cannot import .*truncated\.json: .*JSON.*; nothing imported/);
    expect(json<{ entries: unknown[] }>((await memoryCommand("list", "--json")).stdout).entries).toEqual([]);
  });

  it("--no-memory neither recalls nor records, nor creates the file", async () => {
    const unused = join(dir, "unused.sqlite");
    const run = await repair("--memory", unused, "--no-memory");
    expect(run.code).toBe(0);
    expect(json<RunResult>(run.stdout).memory).toBeUndefined();
    expect(existsSync(unused)).toBe(false);
  });

  it("a corrupt memory file: the run goes on without it and says so in one line; memory commands refuse it", async () => {
    const corrupt = join(dir, "corrupt.sqlite");
    writeFileSync(corrupt, "SQLite format 3\u0000".padEnd(4096, "\u0007"));
    const run = await repair("--memory", corrupt);
    expect(run.code).toBe(0);
    expect(json<RunResult>(run.stdout).verified).toBe(true);
    expect(json<RunResult>(run.stdout).memory).toBeUndefined();
    const lines = run.stderr.split("\n").filter((line) => /unusable|without memory/.test(line));
    expect(lines).toEqual([expect.stringMatching(/^mend: memory .*corrupt\.sqlite is unusable: .*; going on without memory$/)]);
    expectUsageExit(await runMend(["memory", "list", "--memory", corrupt], { cwd: dir }), /memory .*corrupt\.sqlite is unusable/);
  });
});

describe("the memory of resumed runs and of evals", () => {
  const entriesOf = async (path: string) => json<{ entries: MemoryEntry[] }>((await runMend(["memory", "list", "--memory", path, "--json"], { cwd: dir })).stdout).entries;
  const resume = (runId: string, ...extra: string[]) =>
    runMend(["resume", runId, "--runs-dir", join(dir, "runs"), "--approve", "--json", ...extra], { cwd: join(dir, "median"), env });

  it("mend resume records an approved fix in the run's own memory; --no-memory turns the memory off for the rest of the run", async () => {
    const own = join(dir, "own.sqlite");
    const paused = await repair("--memory", own, "--approve");
    expect(paused.code).toBe(130);
    const waiting = json<RunResult>(paused.stdout);
    expect(waiting).toMatchObject({ pending: "approval", memory: { used: [] } });
    expect(await entriesOf(own)).toEqual([]);
    const approved = await resume(waiting.runId);
    expect(approved.code, approved.stderr).toBe(0);
    const recorded = json<RunResult>(approved.stdout).memory?.recorded;
    expect(recorded).toMatch(/^[0-9a-f]{12}$/);
    expect((await entriesOf(own)).map((entry) => entry.id)).toEqual([recorded]);

    const other = join(dir, "other.sqlite");
    const pausedAgain = json<RunResult>((await repair("--memory", other, "--approve")).stdout);
    expect(JSON.parse(readFileSync(join(pausedAgain.runDir, "meta.json"), "utf8"))).toMatchObject({ memory: other });
    const off = await resume(pausedAgain.runId, "--no-memory");
    expect(off.code, off.stderr).toBe(0);
    expect(json<RunResult>(off.stdout)).toMatchObject({ status: "passed" });
    expect(json<RunResult>(off.stdout).memory).toBeUndefined();
    expect(await entriesOf(other)).toEqual([]);
    expect(JSON.parse(readFileSync(join(pausedAgain.runDir, "meta.json"), "utf8"))).not.toHaveProperty("memory");
  });

  it("mend eval uses no memory unless --memory names one, and records which it used", async () => {
    const suite = fileURLToPath(new URL("../../../examples/suites/humaneval-fix.jsonl", import.meta.url));
    const home = join(dir, "eval-home");
    const evalOf = (out: string, ...extra: string[]) =>
      runMend(["eval", suite, "--model", "offline", "--limit", "1", "--out", join(dir, out), "--json", ...extra], { cwd: dir, env: { ...env, XDG_DATA_HOME: home } });

    const plain = await evalOf("eval-plain");
    expect(plain.code, plain.stderr).toBe(0);
    expect(json<EvalReport>(plain.stdout)).toMatchObject({ memory: false, figures: { solved: { count: 1 } } });
    expect(JSON.parse(readFileSync(join(dir, "eval-plain", "eval-config.json"), "utf8"))).toMatchObject({ memory: false });
    expect(existsSync(join(home, "mendloop"))).toBe(false);

    const shared = join(dir, "eval-memory.sqlite");
    const remembering = await evalOf("eval-memory", "--memory", shared);
    expect(remembering.code, remembering.stderr).toBe(0);
    expect(json<EvalReport>(remembering.stdout).memory).toBe(shared);
    expect(JSON.parse(readFileSync(join(dir, "eval-memory", "eval-config.json"), "utf8"))).toMatchObject({ memory: shared });
    expect(await entriesOf(shared)).toHaveLength(1);
    // Results made without a memory are not continued with one.
    expectUsageExit(await evalOf("eval-plain", "--memory", shared), /made with memory false; use another --out/, { json: true });
  });
});
