import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdir, readFile, readdir, rmdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { findUnifiedHierarchy, killUnified, killUntilEmpty, prepareUnifiedParent, unifiedCounters } from "./cgroup-v2.js";
import { isProcessAlive } from "./is-process-alive.js";

/**
 * The cgroup v1 folders (one per controller) under which every run gets a pair of its own.
 * By default they are the caller's own cgroups, so runs nest inside whatever limits the
 * caller already lives under (a CI job, a test's outer limit) instead of escaping them.
 * With cgroup v2 (`version: 2`) `memory`, `pids` and `cpu` name one and the same folder,
 * under which every run gets one leaf cgroup with all the controllers.
 */
export interface CgroupParents {
  memory: string;
  pids: string;
  /** The cpu controller's folder, when mounted and writable: each run weighs as one process there. */
  cpu?: string;
  /** 2 for the unified hierarchy; absent for cgroup v1. */
  version?: 1 | 2;
}

/** What a run's cgroups counted: the kernel's own record of why processes died or failed to start. */
export interface CgroupCounters {
  /** Processes the OOM killer killed in this cgroup (`memory.oom_control`: `oom_kill`). */
  oomKills: number;
  /** Forks refused because `pids.max` was reached (`pids.events`: `max`). */
  pidsRefused: number;
  /** CPU time the run's processes used, in microseconds (cgroup v2 `cpu.stat`: `usage_usec`). */
  cpuMicros?: number;
}

export interface CgroupLimits {
  memoryBytes: number;
  /** Tasks (processes and threads) at most. */
  pids: number;
}

const NAME_PREFIX = "mend-";
/**
 * A run's weight against the processes beside it: that of one ordinary process. However
 * many processes a run starts, together they get no more CPU than one process would, so a
 * fork bomb of busy loops cannot starve the supervisor that must kill it, nor the machine.
 */
const RUN_CPU_SHARES = 1024;
let created = 0;

/**
 * The caller's own memory and pids cgroup folders, when cgroup v1 is mounted and they
 * are writable; else, on cgroup v2, a folder prepared by `prepareUnifiedParent`; otherwise
 * the reason no cgroups can be used.
 */
export async function findCgroupParents(): Promise<{ parents: CgroupParents } | { missing: string }> {
  let membership: string;
  let mountinfo: string;
  try {
    membership = await readFile("/proc/self/cgroup", "utf8");
    mountinfo = await readFile("/proc/self/mountinfo", "utf8");
  } catch {
    return { missing: "no /proc/self/cgroup (not Linux?)" };
  }
  const found: Partial<CgroupParents> = {};
  for (const controller of ["memory", "pids"] as const) {
    const dir = controllerDir(controller, membership, mountinfo);
    // A controller bound to a v1 hierarchy is absent from the unified one, so v2 is only tried when v1 lacks it.
    if (!dir) return findUnifiedParents(membership, mountinfo, `no cgroup v1 '${controller}' controller mounted`);
    const probe = join(dir, `${NAME_PREFIX}probe-${process.pid}-${randomBytes(3).toString("hex")}`);
    try {
      await mkdir(probe);
      await rmdir(probe);
    } catch (error) {
      return { missing: `cannot create cgroups in ${dir} (${(error as NodeJS.ErrnoException).code ?? "error"})` };
    }
    found[controller] = dir;
  }
  const cpu = controllerDir("cpu", membership, mountinfo);
  if (cpu && existsSync(join(cpu, "cpu.shares")) && (await canCreateIn(cpu))) found.cpu = cpu;
  return { parents: found as CgroupParents };
}

async function findUnifiedParents(
  membership: string,
  mountinfo: string,
  v1Missing: string,
): Promise<{ parents: CgroupParents } | { missing: string }> {
  const hierarchy = findUnifiedHierarchy(membership, mountinfo);
  if (!hierarchy) return { missing: `${v1Missing}, and no cgroup v2 hierarchy` };
  const prepared = await prepareUnifiedParent(hierarchy, { root: process.getuid?.() === 0, pid: process.pid });
  if ("missing" in prepared) return prepared;
  const { dir, cpu } = prepared;
  return { parents: { version: 2, memory: dir, pids: dir, ...(cpu ? { cpu: dir } : {}) } };
}

async function canCreateIn(dir: string): Promise<boolean> {
  const probe = join(dir, `${NAME_PREFIX}probe-${process.pid}-${randomBytes(3).toString("hex")}`);
  try {
    await mkdir(probe);
    await rmdir(probe);
    return true;
  } catch {
    return false;
  }
}

/** The folder of this process's cgroup for a cgroup v1 controller (`cpu`, `memory`...), if mounted. */
export async function ownCgroupDir(controller: string): Promise<string | undefined> {
  try {
    return controllerDir(controller, await readFile("/proc/self/cgroup", "utf8"), await readFile("/proc/self/mountinfo", "utf8"));
  } catch {
    return undefined;
  }
}

/** Where `controller`'s hierarchy puts this process, from /proc/self/cgroup and the mount table. */
function controllerDir(controller: string, membership: string, mountinfo: string): string | undefined {
  const line = membership
    .split("\n")
    .map((l) => l.split(":"))
    .find((parts) => parts.length >= 3 && parts[1].split(",").includes(controller));
  if (!line) return undefined;
  const path = line.slice(2).join(":");
  for (const mount of mountinfo.split("\n")) {
    const [left, right] = mount.split(" - ");
    if (!right) continue;
    const [fstype, , superOptions] = right.split(" ");
    if (fstype !== "cgroup" || !superOptions?.split(",").includes(controller)) continue;
    const fields = left.split(" ");
    const root = fields[3];
    const mountPoint = fields[4];
    const relative = root === "/" ? path : path.startsWith(root) ? path.slice(root.length) : undefined;
    if (relative === undefined) continue;
    return join(mountPoint, relative);
  }
  return undefined;
}

/**
 * A memory cgroup and a pids cgroup made for one run (or one warm runner). A process joins
 * both before it starts the program, so everything the program ever forks is counted,
 * limited and killed together. On cgroup v2 the pair is one leaf cgroup
 * (`memoryDir` = `pidsDir` = `cpuDir`).
 */
export class RunCgroup {
  private constructor(
    readonly memoryDir: string,
    readonly pidsDir: string,
    readonly cpuDir: string | undefined,
    private memoryBytes: number,
    private readonly unified: boolean,
  ) {}

  static async create(parents: CgroupParents, limits: CgroupLimits): Promise<RunCgroup> {
    created += 1;
    const name = `${NAME_PREFIX}${process.pid}-${created}-${randomBytes(3).toString("hex")}`;
    if (parents.version === 2) return RunCgroup.createUnified(parents, name, limits);
    const cpuDir = parents.cpu ? join(parents.cpu, name) : undefined;
    const group = new RunCgroup(join(parents.memory, name), join(parents.pids, name), cpuDir, limits.memoryBytes, false);
    await mkdir(group.memoryDir);
    await mkdir(group.pidsDir);
    if (cpuDir) await mkdir(cpuDir);
    try {
      await writeFile(join(group.memoryDir, "memory.limit_in_bytes"), String(limits.memoryBytes));
      // With swap accounting on, the same figure for memory+swap means the program cannot swap its way past the limit.
      await writeIfPresent(join(group.memoryDir, "memory.memsw.limit_in_bytes"), String(limits.memoryBytes));
      await writeFile(join(group.pidsDir, "pids.max"), String(limits.pids));
      if (cpuDir) await writeFile(join(cpuDir, "cpu.shares"), String(RUN_CPU_SHARES));
    } catch (error) {
      await group.remove();
      throw error;
    }
    return group;
  }

  /** One leaf with every controller; swap is off (0), so memory.max alone bounds the program. */
  private static async createUnified(parents: CgroupParents, name: string, limits: CgroupLimits): Promise<RunCgroup> {
    const dir = join(parents.memory, name);
    const group = new RunCgroup(dir, dir, parents.cpu ? dir : undefined, limits.memoryBytes, true);
    await mkdir(dir);
    try {
      await writeFile(join(dir, "memory.max"), String(limits.memoryBytes));
      await writeIfPresent(join(dir, "memory.swap.max"), "0");
      await writeFile(join(dir, "pids.max"), String(limits.pids));
      // cpu.weight 100 is v2's counterpart of cpu.shares 1024: one ordinary process.
      if (group.cpuDir) await writeIfPresent(join(dir, "cpu.weight"), "100");
    } catch (error) {
      await group.remove();
      throw error;
    }
    return group;
  }

  /** The files a process writes its own pid into to join. */
  get procsFiles(): string[] {
    return this.dirs.map((dir) => join(dir, "cgroup.procs"));
  }

  private get dirs(): string[] {
    return [...new Set([this.memoryDir, this.pidsDir, ...(this.cpuDir ? [this.cpuDir] : [])])];
  }

  /** Changes the memory limit; memory+swap must never be below memory, so the order depends on the direction. */
  async setMemoryLimit(bytes: number): Promise<void> {
    if (bytes === this.memoryBytes) return;
    if (this.unified) {
      await writeFile(join(this.memoryDir, "memory.max"), String(bytes));
      this.memoryBytes = bytes;
      return;
    }
    const memory = join(this.memoryDir, "memory.limit_in_bytes");
    const memsw = join(this.memoryDir, "memory.memsw.limit_in_bytes");
    if (bytes > this.memoryBytes) {
      await writeIfPresent(memsw, String(bytes));
      await writeFile(memory, String(bytes));
    } else {
      await writeFile(memory, String(bytes));
      await writeIfPresent(memsw, String(bytes));
    }
    this.memoryBytes = bytes;
  }

  async counters(): Promise<CgroupCounters> {
    if (this.unified) return unifiedCounters(this.memoryDir);
    const oom = await readFile(join(this.memoryDir, "memory.oom_control"), "utf8");
    const events = await readFile(join(this.pidsDir, "pids.events"), "utf8");
    const oomKill = /^oom_kill (\d+)$/m.exec(oom);
    // Kernels before 4.13 have no oom_kill line; failcnt then says the limit was hit.
    const oomKills = oomKill ? Number(oomKill[1]) : Number(await readFile(join(this.memoryDir, "memory.failcnt"), "utf8"));
    const max = /^max (\d+)$/m.exec(events);
    return { oomKills, pidsRefused: max ? Number(max[1]) : 0 };
  }

  /** Pids of every process still in either cgroup. */
  async processes(): Promise<number[]> {
    const all = new Set<number>();
    for (const dir of this.dirs) {
      try {
        for (const line of (await readFile(join(dir, "cgroup.procs"), "utf8")).split("\n")) if (line) all.add(Number(line));
      } catch {
        // Already removed.
      }
    }
    return [...all];
  }

  /**
   * Kills every process in the cgroups and waits until they are gone. Forks are refused first
   * (pids.max 0), so each pass can only shrink the set and a fork bomb cannot outrun it.
   * Read `counters()` before calling this: refusing forks here counts in `pids.events`.
   */
  async killAll(): Promise<void> {
    if (this.unified) return killUnified(this.memoryDir);
    await writeIfPresent(join(this.pidsDir, "pids.max"), "0");
    await killUntilEmpty(() => this.processes());
  }

  /** Kills what is left and removes both folders (a cgroup can only be removed once empty). */
  async remove(): Promise<void> {
    await this.killAll();
    for (const dir of this.dirs) await removeDir(dir);
  }
}

/** Removes cgroups left by mendloop processes that died before cleaning up (e.g. killed with SIGKILL). */
export async function removeStaleCgroups(parents: CgroupParents): Promise<void> {
  for (const parent of new Set([parents.memory, parents.pids, ...(parents.cpu ? [parents.cpu] : [])])) {
    let names: string[];
    try {
      names = await readdir(parent);
    } catch {
      continue;
    }
    for (const name of names) {
      const owner = /^mend-(\d+)-\d+-[0-9a-f]+$/.exec(name);
      if (!owner || isProcessAlive(Number(owner[1]))) continue;
      const dir = join(parent, name);
      if (parents.version === 2) {
        await killUnified(dir);
        await removeDir(dir);
        continue;
      }
      try {
        for (const line of (await readFile(join(dir, "cgroup.procs"), "utf8")).split("\n")) {
          if (line) process.kill(Number(line), "SIGKILL");
        }
      } catch {
        // Gone already, or a process exited under us; rmdir below decides.
      }
      await removeDir(dir);
    }
  }
}

async function removeDir(dir: string): Promise<void> {
  for (let attempt = 0; attempt < 50; attempt++) {
    try {
      await rmdir(dir);
      return;
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === "ENOENT") return;
      if (code !== "EBUSY") throw error;
      await sleep(20);
    }
  }
}

async function writeIfPresent(file: string, value: string): Promise<void> {
  if (existsSync(file)) await writeFile(file, value);
}
