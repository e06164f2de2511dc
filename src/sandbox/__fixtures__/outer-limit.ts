import { mkdir, readFile, readdir, rmdir, writeFile } from "node:fs/promises";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { findUnifiedHierarchy, killUnified, processesIn, SUPERVISOR_PREFIX } from "../cgroup-v2.js";
import { findCgroupParents, ownCgroupDir, type CgroupParents } from "../run-cgroup.js";

/** A cgroup pair the test process itself lives in, so nothing it starts can take more than this. */
export interface OuterLimit {
  /** Pass as `cgroupParents`: each run's cgroups then nest inside the outer limit. */
  parents: CgroupParents;
  /** Cgroups still present under the outer limit (each run removes its own when it ends). */
  children(): Promise<string[]>;
  /** Processes directly in the outer cgroups other than the test process. */
  strays(): Promise<number[]>;
  /** Moves the test process back out and removes the outer cgroups. */
  release(): Promise<void>;
}

export interface OuterLimits {
  memoryMb: number;
  pids: number;
  cpus: number;
}

const CPU_PERIOD_US = 100_000;

/**
 * Moves the calling process into fresh memory, pids and (when mounted) cpu cgroups under its
 * own. Everything it starts afterwards inherits them, whether or not the sandbox under test
 * works: a fork bomb escaping the sandbox still stops at `pids`, an allocation at
 * `memoryMb`, and all of it shares `cpus` cores with the test, leaving the rest of the
 * machine to whoever else works on it. Works on cgroup v1 and on v2 (unified hierarchy).
 */
export async function enterOuterLimit(limits: OuterLimits): Promise<OuterLimit> {
  const found = await findCgroupParents();
  if (!("parents" in found)) throw new Error(`hostile-program tests need cgroup memory and pids controllers (v1 or v2): ${found.missing}`);
  return found.parents.version === 2 ? enterUnifiedOuterLimit(found.parents.memory, limits) : enterV1OuterLimit(found.parents, limits);
}

async function enterV1OuterLimit(original: CgroupParents, limits: OuterLimits): Promise<OuterLimit> {
  const name = `mend-outer-${process.pid}`;
  const parents: CgroupParents = { memory: join(original.memory, name), pids: join(original.pids, name) };
  for (const dir of [parents.memory, parents.pids]) if (!existsSync(dir)) await mkdir(dir);
  const bytes = String(limits.memoryMb * 1024 * 1024);
  await writeFile(join(parents.memory, "memory.limit_in_bytes"), bytes);
  if (existsSync(join(parents.memory, "memory.memsw.limit_in_bytes"))) await writeFile(join(parents.memory, "memory.memsw.limit_in_bytes"), bytes);
  await writeFile(join(parents.pids, "pids.max"), String(limits.pids));
  const cpuParent = await ownCgroupDir("cpu");
  const cpu = cpuParent && existsSync(join(cpuParent, "cpu.cfs_quota_us")) ? join(cpuParent, name) : undefined;
  if (cpu) {
    if (!existsSync(cpu)) await mkdir(cpu);
    await writeFile(join(cpu, "cpu.cfs_period_us"), String(CPU_PERIOD_US));
    await writeFile(join(cpu, "cpu.cfs_quota_us"), String(Math.round(limits.cpus * CPU_PERIOD_US)));
  }
  if (cpu && original.cpu) parents.cpu = cpu;
  const joined = [parents.memory, parents.pids, ...(cpu ? [cpu] : [])];
  for (const dir of joined) await writeFile(join(dir, "cgroup.procs"), String(process.pid));
  const self = await readFile("/proc/self/cgroup", "utf8");
  if (!self.includes(`/${name}`)) throw new Error("the test process did not move into the outer limit");

  return {
    parents,
    async children() {
      return (await Promise.all(joined.map(subdirs))).flat();
    },
    async strays() {
      const all = [...(await processesIn(parents.memory)), ...(await processesIn(parents.pids))];
      return [...new Set(all)].filter((pid) => pid !== process.pid);
    },
    async release() {
      await writeFile(join(original.memory, "cgroup.procs"), String(process.pid));
      await writeFile(join(original.pids, "cgroup.procs"), String(process.pid));
      if (cpuParent && cpu) await writeFile(join(cpuParent, "cgroup.procs"), String(process.pid));
      for (const dir of joined) await emptyAndRemove(dir, () => processesIn(dir).then(killAll));
    },
  };
}

/**
 * The v2 form: one `mend-outer-PID` cgroup under the sandbox's own v2 parent carries
 * memory.max (no swap), pids.max and cpu.max, and hands the controllers down to the runs'
 * leaves. A v2 cgroup that hands controllers down may hold no process itself, so the test
 * process sits in a leaf of its own beside the runs' (named as a supervisor leaf, which is
 * what the sandbox's own v2 set-up looks for when it is asked for parents from in there).
 */
export async function enterUnifiedOuterLimit(parent: string, limits: OuterLimits): Promise<OuterLimit> {
  const hierarchy = findUnifiedHierarchy(await readFile("/proc/self/cgroup", "utf8"), await readFile("/proc/self/mountinfo", "utf8"));
  if (!hierarchy) throw new Error("cgroup v2 parents, but this process is in no cgroup v2 hierarchy");
  const home = hierarchy.own;
  const outer = join(parent, `mend-outer-${process.pid}`);
  const leaf = join(outer, `${SUPERVISOR_PREFIX}${process.pid}`);
  if (!existsSync(outer)) await mkdir(outer);
  await writeFile(join(outer, "memory.max"), String(limits.memoryMb * 1024 * 1024));
  if (existsSync(join(outer, "memory.swap.max"))) await writeFile(join(outer, "memory.swap.max"), "0");
  await writeFile(join(outer, "pids.max"), String(limits.pids));
  const cpu = (await readFile(join(outer, "cgroup.controllers"), "utf8")).split(/\s+/).includes("cpu");
  if (cpu) await writeFile(join(outer, "cpu.max"), `${Math.round(limits.cpus * CPU_PERIOD_US)} ${CPU_PERIOD_US}`);
  await writeFile(join(outer, "cgroup.subtree_control"), ["memory", "pids", ...(cpu ? ["cpu"] : [])].map((name) => `+${name}`).join(" "));
  if (!existsSync(leaf)) await mkdir(leaf);
  await writeFile(join(leaf, "cgroup.procs"), String(process.pid));
  const self = await readFile("/proc/self/cgroup", "utf8");
  if (!self.includes(`/mend-outer-${process.pid}/${SUPERVISOR_PREFIX}${process.pid}`)) {
    throw new Error("the test process did not move into the outer limit");
  }

  return {
    parents: { version: 2, memory: outer, pids: outer, ...(cpu ? { cpu: outer } : {}) },
    async children() {
      return (await subdirs(outer)).filter((dir) => dir !== leaf);
    },
    async strays() {
      return [...(await processesIn(outer)), ...(await processesIn(leaf))].filter((pid) => pid !== process.pid);
    },
    async release() {
      await writeFile(join(home, "cgroup.procs"), String(process.pid));
      for (const dir of [...(await subdirs(outer)), outer]) await emptyAndRemove(dir, () => killUnified(dir));
    },
  };
}

async function subdirs(dir: string): Promise<string[]> {
  return (await readdir(dir, { withFileTypes: true })).filter((entry) => entry.isDirectory()).map((entry) => join(dir, entry.name));
}

function killAll(pids: number[]): void {
  for (const pid of pids) {
    try {
      process.kill(pid, "SIGKILL");
    } catch {
      // Already gone.
    }
  }
}

/** Kills what is left in `dir` and removes it, retrying while the kernel still counts the dead. */
async function emptyAndRemove(dir: string, kill: () => Promise<unknown>): Promise<void> {
  for (let attempt = 0; attempt < 100; attempt++) {
    await kill();
    try {
      await rmdir(dir);
      return;
    } catch {
      await sleep(20);
    }
  }
}

/** Processes whose command line, or one of whose threads' names, carries `marker`. */
export async function processesWithMarker(marker: string): Promise<number[]> {
  const found: number[] = [];
  for (const name of await readdir("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    const cmdline = await readFile(`/proc/${name}/cmdline`, "utf8").catch(() => "");
    let hit = cmdline.includes(marker);
    if (!hit) {
      const tasks = await readdir(`/proc/${name}/task`).catch(() => [] as string[]);
      for (const task of tasks) {
        const comm = await readFile(`/proc/${name}/task/${task}/comm`, "utf8").catch(() => "");
        if (comm.trim() === marker) hit = true;
      }
    }
    if (hit) found.push(Number(name));
  }
  return found;
}
