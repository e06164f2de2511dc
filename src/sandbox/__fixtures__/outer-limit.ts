import { mkdir, readFile, readdir, rmdir, writeFile } from "node:fs/promises";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
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

/**
 * Moves the calling process into fresh memory, pids and (when mounted) cpu cgroups under its
 * own. Everything it starts afterwards inherits them, whether or not the sandbox under test
 * works: a fork bomb escaping the sandbox still stops at `pids`, an allocation at
 * `memoryMb`, and all of it shares `cpus` cores with the test, leaving the rest of the
 * machine to whoever else works on it.
 */
export async function enterOuterLimit(limits: { memoryMb: number; pids: number; cpus: number }): Promise<OuterLimit> {
  const found = await findCgroupParents();
  if (!("parents" in found)) throw new Error(`hostile-program tests need cgroup v1 memory and pids: ${found.missing}`);
  const original = found.parents;
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
    const period = 100_000;
    await writeFile(join(cpu, "cpu.cfs_period_us"), String(period));
    await writeFile(join(cpu, "cpu.cfs_quota_us"), String(Math.round(limits.cpus * period)));
  }
  if (cpu && original.cpu) parents.cpu = cpu;
  const joined = [parents.memory, parents.pids, ...(cpu ? [cpu] : [])];
  for (const dir of joined) await writeFile(join(dir, "cgroup.procs"), String(process.pid));
  const self = await readFile("/proc/self/cgroup", "utf8");
  if (!self.includes(`/${name}`)) throw new Error("the test process did not move into the outer limit");

  const procs = async (dir: string) =>
    (await readFile(join(dir, "cgroup.procs"), "utf8").catch(() => "")).split("\n").filter(Boolean).map(Number);
  const subdirs = async (dir: string) =>
    (await readdir(dir, { withFileTypes: true })).filter((entry) => entry.isDirectory()).map((entry) => join(dir, entry.name));

  return {
    parents,
    async children() {
      return (await Promise.all(joined.map(subdirs))).flat();
    },
    async strays() {
      const all = [...(await procs(parents.memory)), ...(await procs(parents.pids))];
      return [...new Set(all)].filter((pid) => pid !== process.pid);
    },
    async release() {
      await writeFile(join(original.memory, "cgroup.procs"), String(process.pid));
      await writeFile(join(original.pids, "cgroup.procs"), String(process.pid));
      if (cpuParent && cpu) await writeFile(join(cpuParent, "cgroup.procs"), String(process.pid));
      for (const dir of joined) {
        for (let attempt = 0; attempt < 100; attempt++) {
          for (const pid of await procs(dir)) {
            try {
              process.kill(pid, "SIGKILL");
            } catch {
              // Already gone.
            }
          }
          try {
            await rmdir(dir);
            break;
          } catch {
            await sleep(20);
          }
        }
      }
    },
  };
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
