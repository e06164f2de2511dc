import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { DELEGATION_HINT, findUnifiedHierarchy, killUnified, prepareUnifiedParent, unifiedCounters } from "./cgroup-v2.js";
import { RunCgroup } from "./run-cgroup.js";

/*
 * This machine's memory and pids controllers are bound to cgroup v1, so these tests run the
 * v2 logic against a MODEL of the kernel's files: a temporary folder laid out as
 * Documentation/admin-guide/cgroup-v2.rst documents them (`cgroup.controllers`,
 * `cgroup.subtree_control`, `cgroup.procs`, `memory.events`, `pids.events`, `cpu.stat`).
 * A plain folder does not act like the kernel (a write to `cgroup.subtree_control` is not
 * parsed, mkdir creates no interface files), so these tests check what mendloop reads and
 * writes, not what a real kernel does with it; `cgroup-v2.int.test.ts` exercises the parts
 * this machine's real v2 hierarchy has (cgroup.kill, cpu.stat, cgroup.procs, rmdir).
 */

const ALL_CONTROLLERS = "cpuset cpu io memory hugetlb pids rdma misc\n";

/** A model cgroup folder with the core files the kernel creates in every cgroup. */
async function modelCgroup(dir: string, files: { controllers?: string; subtreeControl?: string; procs?: number[] }): Promise<string> {
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, "cgroup.controllers"), files.controllers ?? ALL_CONTROLLERS);
  await writeFile(join(dir, "cgroup.subtree_control"), files.subtreeControl ?? "");
  await writeFile(join(dir, "cgroup.procs"), (files.procs ?? []).map((pid) => `${pid}\n`).join(""));
  return dir;
}

let model: string;
beforeEach(async () => {
  model = await mkdtemp(join(tmpdir(), "mend-cgroup-v2-model-"));
});
afterEach(async () => {
  await rm(model, { recursive: true, force: true });
});

describe("findUnifiedHierarchy (from /proc/self/cgroup and /proc/self/mountinfo text)", () => {
  it("finds a pure cgroup v2 machine's hierarchy and the process's own cgroup in it", () => {
    const membership = "0::/user.slice/user-1000.slice/user@1000.service/app.slice/run-r1.scope\n";
    const mountinfo =
      "22 1 8:1 / / rw,relatime shared:1 - ext4 /dev/sda1 rw\n" +
      "27 22 0:26 / /sys/fs/cgroup rw,nosuid,nodev,noexec,relatime shared:4 - cgroup2 cgroup2 rw,nsdelegate,memory_recursiveprot\n";
    expect(findUnifiedHierarchy(membership, mountinfo)).toEqual({
      mountPoint: "/sys/fs/cgroup",
      own: "/sys/fs/cgroup/user.slice/user-1000.slice/user@1000.service/app.slice/run-r1.scope",
    });
  });

  it("finds the unified mount of a hybrid machine (this one's real lines)", () => {
    const membership = "4:memory:/process_api/b4\n1:cpu:/\n0::/\n";
    const mountinfo =
      "35 31 0:32 / /sys/fs/cgroup/memory rw,relatime - cgroup cgroup rw,memory\n" +
      "41 31 0:38 / /sys/fs/cgroup/unified rw,relatime - cgroup2 cgroup2 rw\n";
    expect(findUnifiedHierarchy(membership, mountinfo)).toEqual({ mountPoint: "/sys/fs/cgroup/unified", own: "/sys/fs/cgroup/unified" });
  });

  it("maps a bind-mounted subtree (a container's view) onto its mount point", () => {
    const membership = "0::/docker/abc/worker\n";
    const mountinfo = "700 650 0:26 /docker/abc /sys/fs/cgroup rw,relatime - cgroup2 cgroup2 rw\n";
    expect(findUnifiedHierarchy(membership, mountinfo)?.own).toBe("/sys/fs/cgroup/worker");
  });

  it("finds nothing without a 0:: line or a cgroup2 mount", () => {
    expect(findUnifiedHierarchy("4:memory:/\n", "41 31 0:38 / /x rw - cgroup2 cgroup2 rw\n")).toBeUndefined();
    expect(findUnifiedHierarchy("0::/\n", "35 31 0:32 / /m rw - cgroup cgroup rw,memory\n")).toBeUndefined();
  });
});

describe("prepareUnifiedParent on a model of the kernel's cgroup v2 files", () => {
  it("as root, makes a mendloop cgroup under the top and hands memory, pids and cpu down to it", async () => {
    const top = await modelCgroup(model, { procs: [1, 2, 3] });
    await modelCgroup(join(top, "mendloop"), { controllers: "cpu memory pids\n" });
    const prepared = await prepareUnifiedParent({ mountPoint: top, own: join(top, "user.slice") }, { root: true, pid: 4242 });
    expect(prepared).toEqual({ dir: join(top, "mendloop"), cpu: true });
    expect(await readFile(join(top, "cgroup.subtree_control"), "utf8")).toBe("+memory +pids +cpu");
    expect(await readFile(join(top, "mendloop", "cgroup.subtree_control"), "utf8")).toBe("+memory +pids +cpu");
  });

  it("as root, writes nothing where the controllers are already handed down", async () => {
    const top = await modelCgroup(model, { subtreeControl: "cpu memory pids\n" });
    await modelCgroup(join(top, "mendloop"), { controllers: "memory pids\n", subtreeControl: "memory pids\n" });
    const prepared = await prepareUnifiedParent({ mountPoint: top, own: top }, { root: true, pid: 4242 });
    expect(prepared).toEqual({ dir: join(top, "mendloop"), cpu: false });
    expect(await readFile(join(top, "cgroup.subtree_control"), "utf8")).toBe("cpu memory pids\n");
  });

  it("degrades with the reason when the hierarchy has no memory controller", async () => {
    const top = await modelCgroup(model, { controllers: "cpu io pids\n" });
    const prepared = await prepareUnifiedParent({ mountPoint: top, own: top }, { root: true, pid: 4242 });
    expect(prepared).toEqual({ missing: "cgroup v2 without the memory controller" });
  });

  it("without root, moves itself into a leaf of its delegated cgroup, then hands the controllers down", async () => {
    const own = await modelCgroup(join(model, "user.slice", "run-r1.scope"), { controllers: "memory pids\n", procs: [4242] });
    const prepared = await prepareUnifiedParent({ mountPoint: model, own }, { root: false, pid: 4242 });
    expect(prepared).toEqual({ dir: own, cpu: false });
    expect(await readFile(join(own, "mend-supervisor-4242", "cgroup.procs"), "utf8")).toBe("4242");
    expect(await readFile(join(own, "cgroup.subtree_control"), "utf8")).toBe("+memory +pids");
  });

  it("without root, uses the cgroup above its own supervisor leaf when asked again", async () => {
    const delegated = await modelCgroup(join(model, "run-r1.scope"), { controllers: "memory pids\n", subtreeControl: "memory pids\n" });
    const own = await modelCgroup(join(delegated, "mend-supervisor-4242"), { controllers: "memory pids\n", procs: [4242] });
    const prepared = await prepareUnifiedParent({ mountPoint: model, own }, { root: false, pid: 4242 });
    expect(prepared).toEqual({ dir: delegated, cpu: false });
  });

  it("without root, refuses a cgroup that holds other processes (no internal processes) and says how to get one", async () => {
    const own = await modelCgroup(join(model, "session-3.scope"), { controllers: "memory pids\n", procs: [100, 4242] });
    const prepared = await prepareUnifiedParent({ mountPoint: model, own }, { root: false, pid: 4242 });
    expect(prepared).toHaveProperty("missing");
    const { missing } = prepared as { missing: string };
    expect(missing).toContain("holds other processes (100)");
    expect(missing).toContain(DELEGATION_HINT);
    expect(existsSync(join(own, "mend-supervisor-4242"))).toBe(false);
    expect(await readFile(join(own, "cgroup.subtree_control"), "utf8")).toBe("");
  });

  it("without root, says how to get a delegated cgroup when memory and pids were not delegated", async () => {
    const own = await modelCgroup(join(model, "session-3.scope"), { controllers: "", procs: [4242] });
    const prepared = await prepareUnifiedParent({ mountPoint: model, own }, { root: false, pid: 4242 });
    expect(prepared).toEqual({ missing: `cgroup v2: memory and pids not delegated to ${own}; ${DELEGATION_HINT}` });
  });
});

describe("a run's cgroup v2 leaf, on a model of the kernel's files", () => {
  it("writes memory.max and pids.max into one leaf that a process joins through one cgroup.procs", async () => {
    const parent = await modelCgroup(join(model, "mendloop"), { subtreeControl: "memory pids\n" });
    const group = await RunCgroup.create({ version: 2, memory: parent, pids: parent }, { memoryBytes: 256 << 20, pids: 64 });
    expect(group.memoryDir).toBe(group.pidsDir);
    expect(group.procsFiles).toEqual([join(group.memoryDir, "cgroup.procs")]);
    expect(await readFile(join(group.memoryDir, "memory.max"), "utf8")).toBe(String(256 << 20));
    expect(await readFile(join(group.memoryDir, "pids.max"), "utf8")).toBe("64");
    await group.setMemoryLimit(512 << 20);
    expect(await readFile(join(group.memoryDir, "memory.max"), "utf8")).toBe(String(512 << 20));
  });

  it("reads OOM kills from memory.events, refused forks from pids.events and CPU time from cpu.stat", async () => {
    const parent = await modelCgroup(join(model, "mendloop"), {});
    const group = await RunCgroup.create({ version: 2, memory: parent, pids: parent }, { memoryBytes: 1 << 20, pids: 8 });
    await writeFile(join(group.memoryDir, "memory.events"), "low 0\nhigh 0\nmax 3\noom 1\noom_kill 1\noom_group_kill 0\n");
    await writeFile(join(group.memoryDir, "pids.events"), "max 2\n");
    await writeFile(join(group.memoryDir, "cpu.stat"), "usage_usec 123456\nuser_usec 100000\nsystem_usec 23456\n");
    expect(await group.counters()).toEqual({ oomKills: 1, pidsRefused: 2, cpuMicros: 123456 });
  });

  it("counts OOM episodes on kernels whose memory.events has no oom_kill line (before 4.13)", async () => {
    const dir = await modelCgroup(join(model, "old"), {});
    await writeFile(join(dir, "memory.events"), "low 0\nhigh 0\nmax 5\noom 2\n");
    await writeFile(join(dir, "pids.events"), "max 0\n");
    expect(await unifiedCounters(dir)).toEqual({ oomKills: 2, pidsRefused: 0, cpuMicros: undefined });
  });
});

describe("killing a run's cgroup v2 leaf without cgroup.kill (kernels before 5.14), on a model of the kernel's files", () => {
  it("refuses forks first, then SIGKILLs each process listed in cgroup.procs until the list is empty", async () => {
    const dir = await modelCgroup(join(model, "leaf"), {});
    await writeFile(join(dir, "pids.max"), "64\n");
    const child = spawn("sleep", ["1000"], { stdio: "ignore" });
    const ended = new Promise<NodeJS.Signals | null>((resolve) => child.once("exit", (_code, signal) => resolve(signal)));
    await writeFile(join(dir, "cgroup.procs"), `${child.pid}\n`);
    // The kernel drops a process from cgroup.procs when it dies; the model's file is emptied by hand.
    void ended.then(() => writeFile(join(dir, "cgroup.procs"), ""));
    await killUnified(dir);
    expect(await ended).toBe("SIGKILL");
    expect(await readFile(join(dir, "pids.max"), "utf8")).toBe("0");
  });
});
