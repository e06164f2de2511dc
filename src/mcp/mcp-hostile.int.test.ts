import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { homedir, tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ExecReason } from "../shared/exec-result.js";
import { enterOuterLimit, processesWithMarker, type OuterLimit } from "../sandbox/__fixtures__/outer-limit.js";
import { connectStdio, jsonOf, type MendMcp } from "./__fixtures__/connect-mend.js";

/*
 * Hostile programs sent to the `exec` tool of a real `mend mcp` process. The test process
 * first moves itself into an outer cgroup (memory, process count, one core); the server it
 * starts, and every sandbox run inside, inherit it, so a sandbox that failed to contain a
 * program still could not take the machine down.
 */

const FIXTURES = new URL("../sandbox/__fixtures__/hostile/", import.meta.url);
const TEST_TIMEOUT = 120_000;

interface HostileCase {
  name: string;
  fixture: string;
  reason: ExecReason;
  arguments?: { timeoutSeconds?: number; memoryMb?: number };
  check?: (json: Record<string, unknown>) => void;
}

let outer: OuterLimit;
let dir: string;
let mcp: MendMcp;
const canaryFile = join(homedir(), `.mend-mcp-canary-${randomBytes(4).toString("hex")}`);
const canaryContent = `canary-${randomBytes(8).toString("hex")}`;

const CASES: HostileCase[] = [
  { name: "a fork bomb", fixture: "fork_bomb.py", reason: "pids" },
  { name: "allocating 8 GB", fixture: "allocate_8g.py", reason: "memory", arguments: { memoryMb: 256 } },
  { name: "printing 1 GB", fixture: "print_1g.py", reason: "output", check: (json) => expect(json.outputLimited).toBe(true) },
  { name: "an endless loop", fixture: "infinite_loop.mjs", reason: "timeout", arguments: { timeoutSeconds: 2 } },
  {
    name: "reading a file in the host's home folder",
    fixture: "read_home_canary.py",
    reason: "exit",
    check: (json) => expect(`${String(json.stdout)}${String(json.stderr)}`).not.toContain(canaryContent),
  },
];

beforeAll(async () => {
  // The outer limit comes first: nothing hostile runs before the test process lives under it.
  outer = await enterOuterLimit({ memoryMb: 3072, pids: 600, cpus: 1 });
  writeFileSync(canaryFile, canaryContent);
  dir = mkdtempSync(join(tmpdir(), "mend-mcp-hostile-"));
  mcp = await connectStdio(["--timeout", "10", "--memory", "512"], { cwd: dir });
}, TEST_TIMEOUT);

afterAll(async () => {
  await mcp?.close();
  await outer?.release();
  rmSync(canaryFile, { force: true });
  rmSync(dir, { recursive: true, force: true });
});

describe("mend mcp exec contains hostile programs", () => {
  it.each(CASES)("$name: reason $reason, nothing left running, the server goes on", { timeout: TEST_TIMEOUT }, async (hostile) => {
    const marker = `mm${randomBytes(5).toString("hex")}`;
    const program = `hostile-${marker}${hostile.fixture.slice(hostile.fixture.lastIndexOf("."))}`;
    const source = readFileSync(new URL(hostile.fixture, FIXTURES), "utf8")
      .replaceAll("__MARKER__", marker)
      .replaceAll("__CANARY_FILE__", canaryFile);
    writeFileSync(join(dir, program), source);

    const result = await mcp.client.callTool({ name: "exec", arguments: { path: program, ...hostile.arguments } }, undefined, { timeout: TEST_TIMEOUT });
    expect(result.isError).toBeFalsy();
    const json = jsonOf(result);
    expect(json.reason, String(json.stderr).slice(-500)).toBe(hostile.reason);
    hostile.check?.(json);
    expect(await processesWithMarker(marker)).toEqual([]);
    // Each run removed the cgroups it made under the outer limit.
    expect(await outer.children()).toEqual([]);

    writeFileSync(join(dir, "after.py"), 'print("still here")\n');
    const after = jsonOf(await mcp.client.callTool({ name: "exec", arguments: { path: "after.py" } }, undefined, { timeout: TEST_TIMEOUT }));
    expect(after).toMatchObject({ reason: "ok", stdout: "still here\n" });
  });
});
