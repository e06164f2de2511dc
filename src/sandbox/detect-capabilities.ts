import { spawn } from "node:child_process";
import { accessSync, constants } from "node:fs";
import { tmpdir } from "node:os";
import { delimiter, join } from "node:path";
import { buildIsolationCommand, folderOwner, type SandboxCapabilities } from "./isolation-command.js";
import { findCgroupParents, removeStaleCgroups, type CgroupParents } from "./run-cgroup.js";
import { probeSeccomp } from "./probe-seccomp.js";
import { RunFolder, diskQuotaSupport, removeStaleRunFolders } from "./run-folder.js";

export interface DetectOptions {
  /** Use these cgroup folders instead of the caller's own (e.g. an outer limit a test set up). */
  cgroupParents?: CgroupParents;
}

const cache = new Map<string, Promise<SandboxCapabilities>>();

/**
 * Finds which isolation mechanisms work on this machine, by trying them: bubblewrap is
 * started once with the same namespaces and mounts a real run uses. Cached per process.
 */
export function detectCapabilities(options: DetectOptions = {}): Promise<SandboxCapabilities> {
  const key = JSON.stringify(options.cgroupParents ?? null);
  let found = cache.get(key);
  if (!found) {
    found = detect(options);
    cache.set(key, found);
  }
  return found;
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

  const quota = await diskQuotaSupport();
  if ("missing" in quota) {
    warnings.push(
      `no disk quota (${quota.missing}): each file is capped by RLIMIT_FSIZE, but a program writing many files can fill ${tmpdir()}`,
    );
  }

  const bwrap = findOnPath("bwrap");
  if (!bwrap) {
    warnings.push("bubblewrap (bwrap) not found: no network, file-system or process isolation; install the 'bubblewrap' package");
  } else if (caps.root && !caps.setpriv) {
    warnings.push("setpriv (util-linux) not found: bubblewrap unused, as the program would keep root's identity outside");
  } else {
    // Only bubblewrap is on trial: no rlimits (RLIMIT_NPROC would count other runs' processes).
    const failure = await probeBwrap({ ...caps, bwrap, cgroups: undefined, prlimit: undefined });
    if (failure) warnings.push(`bubblewrap cannot isolate here (${failure}): no network, file-system or process isolation`);
    else caps.bwrap = bwrap;
  }
  // bubblewrap is what loads the filter, so without it there is none.
  const seccompFailure = caps.bwrap ? await probeSeccomp({ ...caps, cgroups: undefined, prlimit: undefined }) : "needs bubblewrap";
  if (seccompFailure) {
    warnings.push(`no seccomp filter (${seccompFailure}): ptrace, mount, unshare, keyctl, bpf, io_uring and non-Unix sockets stay open to the program`);
  } else {
    caps.seccomp = true;
  }
  return caps;
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
