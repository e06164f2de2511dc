import { spawn } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { mkdir, readdir, rmdir } from "node:fs/promises";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { afterEach, describe, expect, it } from "vitest";
import { cpuMicros, findUnifiedHierarchy, killUnified, prepareUnifiedParent, processesIn } from "./cgroup-v2.js";
import { RunCgroup } from "./run-cgroup.js";

/*
 * The parts of cgroup v2 this machine really has. Its memory and pids controllers are bound
 * to cgroup v1 (a hybrid layout: the unified hierarchy carries only hugetlb), so memory.max,
 * pids.max and their events cannot be exercised here (see cgroup-v2.test.ts for those, on a
 * model); the core files every v2 cgroup has can: cgroup.procs, cgroup.kill, cpu.stat, rmdir.
 */

const hierarchy = findUnifiedHierarchy(readFileSync("/proc/self/cgroup", "utf8"), readFileSync("/proc/self/mountinfo", "utf8"));
const usable = hierarchy !== undefined && process.getuid?.() === 0;
const top = hierarchy?.mountPoint ?? "/";
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

describe.skipIf(!usable)("cgroup v2 on this machine's real unified hierarchy", () => {
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

  it("removes a half-made run cgroup when a limit cannot be written (no memory controller here)", async () => {
    const parents = { version: 2 as const, memory: top, pids: top };
    const before = (await readdir(top)).filter((name) => name.startsWith("mend-"));
    await expect(RunCgroup.create(parents, { memoryBytes: 64 << 20, pids: 16 })).rejects.toThrow();
    expect((await readdir(top)).filter((name) => name.startsWith("mend-"))).toEqual(before);
  });

  it.skipIf(readFileSync(join(top, "cgroup.controllers"), "utf8").includes("memory"))(
    "degrades with a reason where the hierarchy has no memory or pids controller",
    async () => {
      const prepared = await prepareUnifiedParent({ mountPoint: top, own: hierarchy?.own ?? top }, { root: true, pid: process.pid });
      expect(prepared).toEqual({ missing: "cgroup v2 without the memory and pids controller" });
    },
  );
});
