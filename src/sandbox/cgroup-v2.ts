import { existsSync } from "node:fs";
import { access, constants, mkdir, readFile, writeFile } from "node:fs/promises";
import { basename, dirname, join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";

/*
 * The cgroup v2 (unified hierarchy) side of the sandbox's cgroups, after the kernel's
 * Documentation/admin-guide/cgroup-v2.rst: one tree with every controller, a controller is
 * usable in a cgroup only when its parent lists it in `cgroup.subtree_control`, and a cgroup
 * other than the root can hand controllers down only while it holds no processes itself.
 */

/** Where the unified hierarchy is mounted and the folder of this process's own cgroup in it. */
export interface UnifiedHierarchy {
  mountPoint: string;
  own: string;
}

/** Who is asking: root may use the top of the tree, others only what was delegated to them. */
export interface CgroupIdentity {
  root: boolean;
  pid: number;
}

/** Controllers a run's cgroup must have, and the one it uses when present. */
const REQUIRED = ["memory", "pids"] as const;
const OPTIONAL = ["cpu"] as const;
/** How long `killUntilEmpty` keeps killing before it gives up on a cgroup. */
const KILL_DEADLINE_MS = 30_000;
/** The cgroup root-run mendloops share, right under the top of the tree. */
export const ROOT_PARENT_NAME = "mendloop";
/**
 * Where a delegated mendloop moves itself: a cgroup holding processes cannot hand controllers
 * down to children, so the supervisor steps into a leaf and leaves its old cgroup empty.
 */
export const SUPERVISOR_PREFIX = "mend-supervisor-";

/** Hint given whenever a delegated subtree is missing or unusable. */
export const DELEGATION_HINT =
  "as a non-root user, run mendloop as the only process of a delegated scope: systemd-run --user --scope -p Delegate=yes mend ...";

/** The unified hierarchy and this process's place in it, from /proc/self/cgroup and the mount table. */
export function findUnifiedHierarchy(membership: string, mountinfo: string): UnifiedHierarchy | undefined {
  const line = membership.split("\n").find((l) => l.startsWith("0::"));
  if (!line) return undefined;
  const path = line.slice(3);
  for (const mount of mountinfo.split("\n")) {
    const [left, right] = mount.split(" - ");
    if (!right || right.split(" ")[0] !== "cgroup2") continue;
    const fields = left.split(" ");
    const root = fields[3];
    const mountPoint = fields[4];
    const relative = root === "/" ? path : path === root || path.startsWith(root + "/") ? path.slice(root.length) : undefined;
    if (relative === undefined) continue;
    const own = join(mountPoint, relative);
    return { mountPoint, own: own.length > 1 ? own.replace(/\/$/, "") : own };
  }
  return undefined;
}

/**
 * A cgroup under which each run may get a leaf with memory and pids (and cpu when present):
 * as root a `mendloop` child of the top of the tree, controllers switched on along the way;
 * otherwise, or when that fails (a container's namespace root holds processes), this process's
 * own cgroup if it was delegated to us. Never enables a controller in a cgroup with processes.
 */
export async function prepareUnifiedParent(
  hierarchy: UnifiedHierarchy,
  identity: CgroupIdentity,
): Promise<{ dir: string; cpu: boolean } | { missing: string }> {
  let rootFailure: string | undefined;
  if (identity.root) {
    const top = await missingControllers(hierarchy.mountPoint);
    if (top.length > 0) return { missing: `cgroup v2 without the ${top.join(" and ")} controller` };
    const dir = join(hierarchy.mountPoint, ROOT_PARENT_NAME);
    try {
      await enableControllers(hierarchy.mountPoint);
      await mkdir(dir).catch((error: NodeJS.ErrnoException) => {
        if (error.code !== "EEXIST") throw error;
      });
      return { dir, cpu: await enableControllers(dir) };
    } catch (error) {
      rootFailure = `cannot enable memory and pids under ${hierarchy.mountPoint} (${errorCode(error)})`;
    }
  }
  const delegated = await prepareDelegated(hierarchy, identity);
  if ("dir" in delegated) return delegated;
  return { missing: [rootFailure, delegated.missing].filter(Boolean).join("; ") };
}

async function prepareDelegated(
  hierarchy: UnifiedHierarchy,
  identity: CgroupIdentity,
): Promise<{ dir: string; cpu: boolean } | { missing: string }> {
  // A supervisor leaf we made earlier: the cgroup to use is the one it was made in.
  const dir = basename(hierarchy.own) === `${SUPERVISOR_PREFIX}${identity.pid}` ? dirname(hierarchy.own) : hierarchy.own;
  const absent = await missingControllers(dir);
  if (absent.length > 0) return { missing: `cgroup v2: ${absent.join(" and ")} not delegated to ${dir}; ${DELEGATION_HINT}` };
  try {
    await access(dir, constants.W_OK);
    await access(join(dir, "cgroup.subtree_control"), constants.W_OK);
  } catch {
    return { missing: `cgroup v2: ${dir} is not writable (not delegated to us); ${DELEGATION_HINT}` };
  }
  const enabled = await listFile(join(dir, "cgroup.subtree_control"));
  if (REQUIRED.every((name) => enabled.includes(name))) return { dir, cpu: enabled.includes("cpu") };
  const others = (await processesIn(dir)).filter((pid) => pid !== identity.pid);
  if (others.length > 0) {
    return {
      missing: `cgroup v2: ${dir} holds other processes (${others.slice(0, 5).join(", ")}), and controllers can only be enabled in a cgroup without processes; ${DELEGATION_HINT}`,
    };
  }
  try {
    const leaf = join(dir, `${SUPERVISOR_PREFIX}${identity.pid}`);
    if (!existsSync(leaf)) await mkdir(leaf);
    // Moves every thread of this process: mendloop itself becomes a process of the leaf.
    await writeFile(join(leaf, "cgroup.procs"), String(identity.pid));
    return { dir, cpu: await enableControllers(dir) };
  } catch (error) {
    return { missing: `cgroup v2: cannot enable memory and pids in ${dir} (${errorCode(error)}); ${DELEGATION_HINT}` };
  }
}

/** Required controllers `dir` cannot use (its `cgroup.controllers` lacks them). */
async function missingControllers(dir: string): Promise<string[]> {
  const available = await listFile(join(dir, "cgroup.controllers"));
  return REQUIRED.filter((name) => !available.includes(name));
}

/**
 * Hands the required controllers, and cpu when it can, down to `dir`'s children; says
 * whether cpu is among them. A write to `cgroup.subtree_control` takes effect whole or fails
 * whole, so cpu (which the kernel refuses while realtime threads sit outside the root) is
 * dropped on a second try rather than costing memory and pids.
 */
async function enableControllers(dir: string): Promise<boolean> {
  const available = await listFile(join(dir, "cgroup.controllers"));
  const enabled = await listFile(join(dir, "cgroup.subtree_control"));
  const wanted = (names: readonly string[]) => names.filter((name) => available.includes(name) && !enabled.includes(name));
  const required = wanted(REQUIRED);
  const withCpu = wanted([...REQUIRED, ...OPTIONAL]);
  const control = join(dir, "cgroup.subtree_control");
  if (withCpu.length === 0) return enabled.includes("cpu");
  try {
    await writeFile(control, withCpu.map((name) => `+${name}`).join(" "));
    return available.includes("cpu");
  } catch (error) {
    if (required.length === withCpu.length) throw error;
  }
  if (required.length > 0) await writeFile(control, required.map((name) => `+${name}`).join(" "));
  return false;
}

async function listFile(file: string): Promise<string[]> {
  return (await readFile(file, "utf8").catch(() => "")).split(/\s+/).filter(Boolean);
}

/** Pids in `cgroup.procs` of one cgroup (empty once it is removed). */
export async function processesIn(dir: string): Promise<number[]> {
  return (await readFile(join(dir, "cgroup.procs"), "utf8").catch(() => "")).split("\n").filter(Boolean).map(Number);
}

/** The kernel's record of one run's cgroup: `memory.events`, `pids.events` and `cpu.stat`. */
export async function unifiedCounters(dir: string): Promise<{ oomKills: number; pidsRefused: number; cpuMicros?: number }> {
  const memory = await readFile(join(dir, "memory.events"), "utf8");
  const pids = await readFile(join(dir, "pids.events"), "utf8");
  // Kernels before 4.13 count OOM episodes (`oom`) but not the kills.
  const oomKills = keyedNumber(memory, "oom_kill") ?? keyedNumber(memory, "oom") ?? 0;
  return { oomKills, pidsRefused: keyedNumber(pids, "max") ?? 0, cpuMicros: await cpuMicros(dir) };
}

/** CPU time used by the cgroup's processes, dead ones included (`cpu.stat` exists even without the cpu controller). */
export async function cpuMicros(dir: string): Promise<number | undefined> {
  return keyedNumber(await readFile(join(dir, "cpu.stat"), "utf8").catch(() => ""), "usage_usec");
}

function keyedNumber(text: string, key: string): number | undefined {
  const match = new RegExp(`^${key} (\\d+)$`, "m").exec(text);
  return match ? Number(match[1]) : undefined;
}

/**
 * Kills every process in a unified cgroup and waits until it is empty. `cgroup.kill`
 * (kernel 5.14+) kills the whole tree at once, forks in flight included; without it,
 * forks are refused first (`pids.max` 0) so that each SIGKILL pass can only shrink the set.
 */
export async function killUnified(dir: string): Promise<void> {
  const kill = join(dir, "cgroup.kill");
  if (existsSync(kill)) await writeFile(kill, "1").catch(() => undefined);
  else if (existsSync(join(dir, "pids.max"))) await writeFile(join(dir, "pids.max"), "0").catch(() => undefined);
  await killUntilEmpty(() => processesIn(dir));
}

/**
 * SIGKILL to every process `list` names, again and again, until it names none or 30 s passed.
 * Bounded by time, not passes: a killed process leaves its cgroup only once it runs again, and
 * on a loaded machine a cgroup full of a fork bomb's processes took longer than 200 quick passes.
 */
export async function killUntilEmpty(list: () => Promise<number[]>): Promise<void> {
  const deadline = Date.now() + KILL_DEADLINE_MS;
  for (let pass = 0; Date.now() < deadline; pass++) {
    const pids = await list();
    if (pids.length === 0) return;
    for (const pid of pids) {
      try {
        process.kill(pid, "SIGKILL");
      } catch {
        // Exited between the read and the kill.
      }
    }
    await sleep(pass < 10 ? 2 : 20);
  }
}

function errorCode(error: unknown): string {
  return (error as NodeJS.ErrnoException).code ?? (error as Error).message;
}
