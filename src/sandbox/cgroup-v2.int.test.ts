import { spawn } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { mkdir, readdir, rmdir } from "node:fs/promises";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { afterEach, beforeEach, describe, expect, it, type TestContext } from "vitest";
import { enterUnifiedOuterLimit } from "./__fixtures__/outer-limit.js";
import { cpuMicros, findUnifiedHierarchy, killUnified, prepareUnifiedParent, processesIn, type UnifiedHierarchy } from "./cgroup-v2.js";
import { type CgroupParents, findCgroupParents, RunCgroup } from "./run-cgroup.js";

/*
 * cgroup v2 on this machine's real hierarchy, in two parts. The core files every v2 cgroup has
 * (cgroup.procs, cgroup.kill, cpu.stat, rmdir) run wherever a unified hierarchy is mounted,
 * hybrid layouts included. memory.max, pids.max, their events and the outer limit around
 * hostile tests need a v2 hierarchy that carries the memory and pids controllers; where the
 * machine binds them to cgroup v1 (a hybrid layout) those tests are skipped with a note saying
 * so (cgroup-v2.test.ts covers the same code on a model). Nothing is read from /proc or
 * /sys before a test runs, so collecting this file never fails.
 */

let hierarchy: UnifiedHierarchy | undefined;
let top = "/";
let leaf: string | undefined;

afterEach(async () => {
  if (leaf && existsSync(leaf)) {
    await killUnified(leaf);
    await rmdir(leaf);
  }
  leaf = undefined;
});

/** A busy shell in a fresh real v2 cgroup, with a background busy child and a double-forked sleeper. */
async function startTree(): Promise<string> {
  leaf = join(top, `mend-v2-real-test-${process.pid}`);
  await mkdir(leaf);
  const script = `echo $$ > ${leaf}/cgroup.procs || exit 9; (while :; do :; done) & (sleep 1000 &); while :; do :; done`;
  const shell = spawn("/bin/sh", ["-c", script], { stdio: "ignore", detached: true });
  shell.unref();
  for (let i = 0; i < 100 && (await processesIn(leaf)).length < 3; i++) await sleep(20);
  return leaf;
}

function isRunning(pid: number): boolean {
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, "utf8"));
  } catch {
    return false;
  }
}

/** Skips the test, saying why, unless a unified hierarchy is mounted and this is root. */
function needUnifiedHierarchy(context: TestContext): void {
  hierarchy = findUnifiedHierarchy(readFileSync("/proc/self/cgroup", "utf8"), readFileSync("/proc/self/mountinfo", "utf8"));
  if (hierarchy === undefined) context.skip("could not run: no cgroup v2 hierarchy is mounted on this machine");
  if (process.getuid?.() !== 0) context.skip("could not run: making cgroups at the top of the v2 hierarchy needs root");
  top = hierarchy!.mountPoint;
}

describe("cgroup v2 on this machine's real unified hierarchy", () => {
  beforeEach((context) => needUnifiedHierarchy(context));

  it("kills a whole tree, double-forked processes included, through cgroup.kill, and the empty cgroup can be removed", async () => {
    const dir = await startTree();
    const pids = await processesIn(dir);
    expect(pids.length).toBeGreaterThanOrEqual(3);
    expect(existsSync(join(dir, "cgroup.kill"))).toBe(true);
    await killUnified(dir);
    expect(await processesIn(dir)).toEqual([]);
    // The shell is this test's child: it stays a zombie until Node reaps it, which is not running.
    expect(pids.filter(isRunning)).toEqual([]);
    await rmdir(dir);
    expect(existsSync(dir)).toBe(false);
  });

  it("reads the tree's CPU time from cpu.stat usage_usec", async () => {
    const dir = await startTree();
    await sleep(300);
    expect(await cpuMicros(dir)).toBeGreaterThan(50_000);
  });

  it("removes a half-made run cgroup when a limit cannot be written (no memory controller here)", async (context) => {
    if (readFileSync(join(top, "cgroup.controllers"), "utf8").includes("memory")) {
      context.skip("could not run: this hierarchy has the memory controller, so the limit can be written");
    }
    const parents = { version: 2 as const, memory: top, pids: top };
    const before = (await readdir(top)).filter((name) => name.startsWith("mend-"));
    await expect(RunCgroup.create(parents, { memoryBytes: 64 << 20, pids: 16 })).rejects.toThrow();
    expect((await readdir(top)).filter((name) => name.startsWith("mend-"))).toEqual(before);
  });

  it("degrades with a reason where the hierarchy has no memory or pids controller", async (context) => {
    const controllers = readFileSync(join(top, "cgroup.controllers"), "utf8");
    if (controllers.includes("memory") && controllers.includes("pids")) context.skip("could not run: this hierarchy has both controllers");
    const prepared = await prepareUnifiedParent({ mountPoint: top, own: hierarchy?.own ?? top }, { root: true, pid: process.pid });
    expect(prepared).toMatchObject({ missing: expect.stringMatching(/^cgroup v2 without the (memory|pids|memory and pids) controller$/) });
  });
});

/**
 * The v2 parents the sandbox itself would use, or a skip that says why there are none: on a
 * hybrid layout memory and pids belong to v1, and findCgroupParents rightly picks v1.
 */
async function needUnifiedParents(context: TestContext): Promise<CgroupParents> {
  const found = await findCgroupParents();
  if (!("parents" in found)) context.skip(`could not run: no cgroup parents here (${found.missing})`);
  const { parents } = found as { parents: CgroupParents };
  if (parents.version !== 2) {
    context.skip(
      "could not run: this machine's memory and pids controllers are bound to cgroup v1, so v2's memory.max, pids.max " +
        "and the v2 outer limit cannot be exercised here; they run on a host whose v2 hierarchy has both controllers",
    );
  }
  return parents;
}

/** Runs `script` with /bin/sh inside the run cgroup `group` and waits for it to end. */
async function runInside(group: RunCgroup, script: string): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  const enter = group.procsFiles.map((file) => `echo $$ > ${file} || exit 9`).join("; ");
  const shell = spawn("/bin/sh", ["-c", `${enter}; ${script}`], { stdio: "ignore" });
  return new Promise((resolve) => shell.on("close", (code, signal) => resolve({ code, signal })));
}

describe("cgroup v2 limits on a real hierarchy with memory and pids", () => {
  let group: RunCgroup | undefined;
  afterEach(async () => {
    await group?.remove();
    group = undefined;
  });

  it("stops an allocation at memory.max and counts the OOM kill in memory.events", async (context) => {
    const parents = await needUnifiedParents(context);
    group = await RunCgroup.create(parents, { memoryBytes: 64 << 20, pids: 64 });
    const exit = await runInside(group, `exec python3 -c "block = bytearray(512 * 1024 * 1024); print(len(block))"`);
    expect(exit.signal).toBe("SIGKILL");
    expect((await group.counters()).oomKills).toBeGreaterThanOrEqual(1);
  });

  it("refuses forks past pids.max and counts them in pids.events", async (context) => {
    const parents = await needUnifiedParents(context);
    group = await RunCgroup.create(parents, { memoryBytes: 256 << 20, pids: 8 });
    const exit = await runInside(group, "i=0; while [ $i -lt 40 ]; do sleep 30 & i=$((i+1)); done; wait");
    expect(exit.code).not.toBe(9);
    expect((await group.counters()).pidsRefused).toBeGreaterThan(0);
    expect((await group.processes()).length).toBeLessThanOrEqual(8);
  });

  it("puts the test process under an outer limit whose runs nest inside it, and removes it on release", async (context) => {
    const parents = await needUnifiedParents(context);
    const outer = await enterUnifiedOuterLimit(parents.memory, { memoryMb: 512, pids: 100, cpus: 1 });
    try {
      expect(outer.parents.version).toBe(2);
      expect(readFileSync(join(outer.parents.memory, "memory.max"), "utf8").trim()).toBe(String(512 << 20));
      expect(readFileSync(join(outer.parents.memory, "pids.max"), "utf8").trim()).toBe("100");
      group = await RunCgroup.create(outer.parents, { memoryBytes: 64 << 20, pids: 16 });
      expect(group.procsFiles[0].startsWith(`${outer.parents.memory}/`)).toBe(true);
      expect(await outer.children()).toHaveLength(1);
      await group.remove();
      group = undefined;
      expect(await outer.children()).toEqual([]);
      expect(await outer.strays()).toEqual([]);
    } finally {
      await outer.release();
    }
    expect(existsSync(outer.parents.memory)).toBe(false);
    expect(readFileSync("/proc/self/cgroup", "utf8")).not.toContain("mend-outer-");
  });
});
