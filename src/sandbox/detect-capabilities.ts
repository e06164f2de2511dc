import { spawn } from "node:child_process";
import { accessSync, constants, readFileSync } from "node:fs";
import { release, tmpdir } from "node:os";
import { delimiter, join } from "node:path";
import { buildIsolationCommand, folderOwner, type SandboxCapabilities } from "./isolation-command.js";
import { findCgroupParents, removeStaleCgroups, type CgroupParents } from "./run-cgroup.js";
import { openLookupCache, type LookupCache } from "./lookup-cache.js";
import { probeSeccomp } from "./probe-seccomp.js";
import { RunFolder, diskQuotaSupport, rememberDiskQuotaSupport, removeStaleRunFolders } from "./run-folder.js";

export interface DetectOptions {
  /** Use these cgroup folders instead of the caller's own (e.g. an outer limit a test set up). */
  cgroupParents?: CgroupParents;
  /** Where probe results are kept across processes (default: the user's cache folder). */
  cache?: LookupCache;
  /** Probe again, ignoring (and then replacing) what earlier processes found. */
  fresh?: boolean;
}

/** What the probes that start programs found; the rest of the detection is cheap and done each time. */
interface ProbeResults {
  quota: { ok: true } | { missing: string };
  /** Why bubblewrap or its seccomp filter cannot be used here; null when it can. */
  bwrapFailure: string | null;
  seccompFailure: string | null;
}

const memo = new Map<string, Promise<SandboxCapabilities>>();
/** Capabilities that came from an earlier process's probes, not this one's. */
const fromCache = new WeakSet<SandboxCapabilities>();

/**
 * Finds which isolation mechanisms work on this machine, by trying them: bubblewrap is
 * started once with the same namespaces and mounts a real run uses. Cached per process, and
 * the probes that start programs also in the user's cache folder, per kernel boot, user,
 * privileges and tools (see `hostFacts`), while those tools' files are unchanged.
 */
export function detectCapabilities(options: DetectOptions = {}): Promise<SandboxCapabilities> {
  const key = JSON.stringify(options.cgroupParents ?? null);
  let found = options.fresh ? undefined : memo.get(key);
  if (!found) {
    found = detect(options);
    memo.set(key, found);
  }
  return found;
}

/** Whether these capabilities were taken from an earlier process's probes (see `detectCapabilities`). */
export function isFromCache(caps: SandboxCapabilities): boolean {
  return fromCache.has(caps);
}

async function detect(options: DetectOptions): Promise<SandboxCapabilities> {
  await removeStaleRunFolders();
  const warnings: string[] = [];
  const caps: SandboxCapabilities = {
    root: process.getuid?.() === 0,
    prlimit: findOnPath("prlimit"),
    setpriv: findOnPath("setpriv"),
    warnings,
  };
  if (!caps.prlimit) warnings.push("prlimit (util-linux) not found: no CPU-time, file-size or open-file limits");

  const cgroups = options.cgroupParents ? { parents: options.cgroupParents } : await findCgroupParents();
  if ("parents" in cgroups) {
    caps.cgroups = cgroups.parents;
    await removeStaleCgroups(cgroups.parents);
  } else {
    warnings.push(
      `no cgroups (${cgroups.missing}): memory limited by RLIMIT_AS for Python and --max-old-space-size for Node, ` +
        "processes by RLIMIT_NPROC; reasons 'memory' and 'pids' cannot be reported (and if bubblewrap is missing too, a daemon that leaves the process group survives the run)",
    );
  }

  const bwrap = findOnPath("bwrap");
  const cache = options.cache ?? openLookupCache("capabilities");
  const facts = hostFacts(caps, bwrap);
  const cached = options.fresh ? undefined : cache.read<ProbeResults>(facts);
  const probes = cached ?? (await runProbes(caps, bwrap));
  if (cached) rememberDiskQuotaSupport(cached.quota);
  else cache.write(facts, probes, toolFiles(bwrap));

  if ("missing" in probes.quota) {
    warnings.push(
      `no disk quota (${probes.quota.missing}): each file is capped by RLIMIT_FSIZE, but a program writing many files can fill ${tmpdir()}`,
    );
  }
  if (!bwrap) {
    warnings.push("bubblewrap (bwrap) not found: no network, file-system or process isolation; install the 'bubblewrap' package");
  } else if (caps.root && !caps.setpriv) {
    warnings.push("setpriv (util-linux) not found: bubblewrap unused, as the program would keep root's identity outside");
  } else if (probes.bwrapFailure !== null) {
    warnings.push(`bubblewrap cannot isolate here (${probes.bwrapFailure}): no network, file-system or process isolation`);
  } else {
    caps.bwrap = bwrap;
  }
  // bubblewrap is what loads the filter, so without it there is none.
  const seccompFailure = caps.bwrap ? probes.seccompFailure : "needs bubblewrap";
  if (seccompFailure !== null) {
    warnings.push(`no seccomp filter (${seccompFailure}): ptrace, mount, unshare, keyctl, bpf, io_uring and non-Unix sockets stay open to the program`);
  } else {
    caps.seccomp = true;
  }
  if (cached) fromCache.add(caps);
  return caps;
}

async function runProbes(caps: SandboxCapabilities, bwrap: string | undefined): Promise<ProbeResults> {
  const quota = await diskQuotaSupport();
  if (!bwrap || (caps.root && !caps.setpriv)) return { quota, bwrapFailure: "not tried", seccompFailure: "needs bubblewrap" };
  // Only bubblewrap is on trial: no rlimits (RLIMIT_NPROC would count other runs' processes).
  const bwrapFailure = (await probeBwrap({ ...caps, bwrap, cgroups: undefined, prlimit: undefined })) ?? null;
  if (bwrapFailure !== null) return { quota, bwrapFailure, seccompFailure: "needs bubblewrap" };
  const seccompFailure = (await probeSeccomp({ ...caps, bwrap, cgroups: undefined, prlimit: undefined })) ?? null;
  return { quota, bwrapFailure, seccompFailure };
}

/**
 * Everything the probes' outcome depends on that is not a file: the kernel and its boot (a
 * reboot can bring other mounts or settings), who runs mendloop with which privileges and
 * filters, the user-namespace settings, and the tools found.
 */
function hostFacts(caps: SandboxCapabilities, bwrap: string | undefined): unknown {
  const read = (path: string) => {
    try {
      return readFileSync(path, "utf8").trim();
    } catch {
      return null;
    }
  };
  const status = (read("/proc/self/status") ?? "")
    .split("\n")
    .filter((line) => /^(Uid|Gid|Cap(Eff|Prm|Bnd)|NoNewPrivs|Seccomp(_filters)?):/.test(line));
  return {
    kernel: release(),
    arch: process.arch,
    boot: read("/proc/sys/kernel/random/boot_id"),
    status,
    uidMap: read("/proc/self/uid_map"),
    userns: ["/proc/sys/kernel/unprivileged_userns_clone", "/proc/sys/user/max_user_namespaces", "/proc/sys/kernel/apparmor_restrict_unprivileged_userns"].map(read),
    tmp: tmpdir(),
    tools: { bwrap, setpriv: caps.setpriv, prlimit: caps.prlimit },
  };
}

/** The programs the probes ran: a reinstalled or replaced one is probed again. */
function toolFiles(bwrap: string | undefined): string[] {
  return [bwrap, ...["setpriv", "mount", "umount", "bash", "grep", "true"].map(findOnPath)].filter((file): file is string => file !== undefined);
}

/** Runs `true` in a sandbox built like a real one; returns why it failed, if it did. */
async function probeBwrap(caps: SandboxCapabilities): Promise<string | undefined> {
  const folder = await RunFolder.create(folderOwner(caps));
  try {
    const command = buildIsolationCommand(caps, {
      argv: ["/bin/true"],
      kind: "other",
      roots: [],
      binDirs: [],
      hostWorkDir: folder.work,
      hostTmpDir: folder.tmp,
      hostEtcDir: folder.etc,
      readOnly: [],
      env: {},
      allowNetwork: false,
      limits: { memoryMb: 256, pids: 16, cpuSeconds: 10, fileSizeBytes: 1 << 20, openFiles: 64 },
    });
    return await new Promise<string | undefined>((resolve) => {
      const child = spawn(command.argv[0], command.argv.slice(1), { env: command.env, stdio: ["ignore", "ignore", "pipe"] });
      let stderr = "";
      child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
      const timer = setTimeout(() => child.kill("SIGKILL"), 30_000);
      child.on("error", (error) => resolve(error.message));
      child.on("close", (code) => {
        clearTimeout(timer);
        resolve(code === 0 ? undefined : stderr.trim().split("\n")[0] || `exit status ${code}`);
      });
    });
  } finally {
    await folder.remove();
  }
}

function findOnPath(name: string): string | undefined {
  const dirs = (process.env.PATH ?? "").split(delimiter).concat(["/usr/bin", "/bin", "/usr/sbin", "/sbin"]);
  for (const dir of dirs) {
    if (!dir) continue;
    try {
      accessSync(join(dir, name), constants.X_OK);
      return join(dir, name);
    } catch {
      // Not here.
    }
  }
  return undefined;
}
