import { existsSync, lstatSync, readlinkSync, statSync } from "node:fs";
import { dirname } from "node:path";
import type { ProjectOverlay } from "./project-overlay.js";
import type { CgroupParents } from "./run-cgroup.js";
import type { FolderOwner } from "./run-folder.js";

/** The unprivileged identity sandboxed programs run as (the conventional `nobody`). */
export const SANDBOX_UID = 65534;
export const SANDBOX_GID = 65534;

/** Where the private folders appear inside a namespace sandbox (a path no host tool lives under). */
export const SANDBOX_WORK_DIR = "/mend/work";
export const SANDBOX_TMP_DIR = "/tmp";

/** The mechanisms that work on this machine (found by `detectCapabilities`). */
export interface SandboxCapabilities {
  /** A bubblewrap that can create the namespaces we use. */
  bwrap?: string;
  /** util-linux `setpriv`, to leave root before the program starts. */
  setpriv?: string;
  /** util-linux `prlimit`, to set resource limits on the program. */
  prlimit?: string;
  /** Writable cgroup v1 memory and pids folders. */
  cgroups?: CgroupParents;
  /** bubblewrap can load a seccomp filter (`--seccomp FD`) here, and the filter knows this machine's syscall numbers. */
  seccomp?: boolean;
  root: boolean;
  /** What is missing and what is done instead; empty when every mechanism works. */
  warnings: string[];
}

/** The owner the private folders need so that the sandbox user can write them. */
export function folderOwner(caps: SandboxCapabilities): FolderOwner | undefined {
  return caps.root && caps.setpriv ? { uid: SANDBOX_UID, gid: SANDBOX_GID } : undefined;
}

/** Per-run resource limits. */
export interface RunLimits {
  memoryMb: number;
  /** Tasks (processes and threads) at most. */
  pids: number;
  cpuSeconds: number;
  fileSizeBytes: number;
  openFiles: number;
}

export interface IsolationInput {
  /** argv with argv[0] an absolute path, valid both inside and outside the sandbox. */
  argv: string[];
  kind: "python" | "node" | "other";
  /** Host folders exposed read-only at the same path (interpreter installations). */
  roots: string[];
  /** Folders put first on PATH. */
  binDirs: string[];
  hostWorkDir: string;
  hostTmpDir: string;
  /** Host folder holding the generated `passwd`, `group` and `hosts`. */
  hostEtcDir: string;
  /** Extra read-only files or folders: host path -> path inside. */
  readOnly: Array<{ host: string; dest: string }>;
  /**
   * Run inside a project: the work folder is mounted at the project's real path with the
   * project's other entries bound read-only around its files, and the program starts there.
   */
  project?: ProjectOverlay;
  env: Record<string, string>;
  allowNetwork: boolean;
  limits: RunLimits;
  /** `cgroup.procs` files the process joins before anything else runs. */
  cgroupProcs?: string[];
  /** Highest descriptor the program inherits (2, or 3 when a protocol pipe is passed as fd 3). */
  keepFds?: number;
  /**
   * Descriptor, above `keepFds`, holding a compiled seccomp filter (`buildSeccompFilter`). It
   * passes through every wrapper to the innermost bubblewrap, which loads the filter just
   * before it executes the program and closes the descriptor, so the program never sees it.
   */
  seccompFd?: number;
}

export interface IsolationCommand {
  argv: string[];
  env: Record<string, string>;
  cwd: string;
  /** bubblewrap reports a program killed by signal N as exit status 128+N. */
  viaBwrap: boolean;
  /** What this run had to do without, beyond the machine's missing mechanisms. */
  warnings: string[];
}

// The first process of every run closes descriptors it inherited by accident (Node passes on
// any that its own parent left open) and joins the cgroups; it then execs everything else,
// so no child can ever be forked outside them.
const CLOSE_INHERITED = 'keep=$1; shift; for fd in /proc/self/fd/*; do fd=${fd##*/}; [ "$fd" -gt "$keep" ] && eval "exec $fd>&-"; done';
const JOIN_CGROUPS = 'while [ "$1" != "--" ]; do echo $$ > "$1" || exit 125; shift; done; shift; exec "$@"';
const BASH = "/bin/bash";

/** System files interpreters read; everything else of /etc stays hidden. */
const ETC_FILES = [
  "/etc/ld.so.cache",
  "/etc/ld.so.conf",
  "/etc/ld.so.conf.d",
  "/etc/localtime",
  "/etc/alternatives",
  "/etc/nsswitch.conf",
  "/etc/mime.types",
  "/etc/ssl/openssl.cnf",
];
const ETC_NETWORK_FILES = ["/etc/resolv.conf", "/etc/ssl", "/etc/ca-certificates", "/etc/gai.conf"];
const SYSTEM_DIRS = ["/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32"];

/**
 * The command line that runs a program under every mechanism available, outermost first:
 * join the cgroups, set rlimits, then (as root) an outer bubblewrap that builds the mounts
 * and namespaces, `setpriv` to drop to an unprivileged user, and an inner bubblewrap that
 * adds a user namespace with user namespaces disabled inside it (so the program cannot
 * gain capabilities of its own) and loads the seccomp filter. Without root a single
 * unprivileged bubblewrap does both.
 */
export function buildIsolationCommand(caps: SandboxCapabilities, input: IsolationInput): IsolationCommand {
  const argv: string[] = [];
  const join = input.cgroupProcs && caps.cgroups ? input.cgroupProcs : [];
  const seccompFd = caps.bwrap && caps.seccomp ? input.seccompFd : undefined;
  if (existsSync(BASH)) {
    // --norc: Debian's bash reads ~/.bashrc even non-interactively when stdin is a socket, as Node's pipes are.
    const script = `${CLOSE_INHERITED}\n${JOIN_CGROUPS}`;
    const keep = Math.max(input.keepFds ?? 2, seccompFd ?? 0);
    argv.push(BASH, "--norc", "--noprofile", "-c", script, "mend-prepare", String(keep), ...join, "--");
  } else if (join.length > 0) {
    argv.push("/bin/sh", "-c", JOIN_CGROUPS, "mend-join", ...join, "--");
  }
  if (caps.prlimit) argv.push(caps.prlimit, ...rlimitFlags(caps, input), "--");
  const env = programEnv(caps, input);
  if (!caps.bwrap) {
    const warnings: string[] = [];
    if (caps.root && caps.setpriv) {
      // Without a mount namespace the program sees the host's files as they are: an interpreter
      // under a private home (pyenv in /root) cannot run as the sandbox user.
      if (reachableByOthers(input.argv[0])) argv.push(...dropRoot(caps.setpriv));
      else warnings.push(`${input.argv[0]} is not reachable by the sandbox user: the program ran as root`);
    }
    // `env -i` last: bash would otherwise add SHLVL and PWD of its own to the program's environment.
    argv.push("/usr/bin/env", "-i", ...Object.entries(env).map(([key, value]) => `${key}=${value}`), ...input.argv);
    return { argv, env: {}, cwd: input.hostWorkDir, viaBwrap: false, warnings };
  }
  const workDir = input.project?.root ?? SANDBOX_WORK_DIR;
  const envFlags = ["--clearenv", ...Object.entries(env).flatMap(([key, value]) => ["--setenv", key, value])];
  const namespaces = ["--unshare-ipc", "--unshare-pid", "--unshare-uts", "--unshare-cgroup-try"];
  if (!input.allowNetwork) namespaces.push("--unshare-net");
  const common = ["--die-with-parent", "--new-session", "--hostname", "sandbox"];
  // Only the innermost bubblewrap may load the filter: the ones before it need mount and unshare.
  const seccomp = seccompFd === undefined ? [] : ["--seccomp", String(seccompFd)];
  if (caps.root && caps.setpriv) {
    argv.push(caps.bwrap, ...namespaces, ...common, ...mounts(input), "--", ...dropRoot(caps.setpriv));
    argv.push(caps.bwrap, ...userNamespace(), "--die-with-parent", ...innerMounts(workDir), "--chdir", workDir);
  } else {
    argv.push(caps.bwrap, ...userNamespace(), ...namespaces, ...common, ...mounts(input), "--chdir", workDir);
  }
  argv.push(...seccomp, ...envFlags, "--", ...input.argv);
  return { argv, env: {}, cwd: input.hostWorkDir, viaBwrap: true, warnings: [] };
}

function rlimitFlags(caps: SandboxCapabilities, input: IsolationInput): string[] {
  const { limits } = input;
  // The hard CPU limit one second later turns an ignored SIGXCPU into SIGKILL.
  const flags = [
    `--cpu=${limits.cpuSeconds}:${limits.cpuSeconds + 1}`,
    `--fsize=${limits.fileSizeBytes}`,
    `--nofile=${limits.openFiles}`,
    "--core=0",
  ];
  if (!caps.cgroups) {
    // Without cgroups these are the next best thing. RLIMIT_NPROC counts every process of the
    // sandbox user on the machine (other runs included), hence the generous multiple and why
    // the pids cgroup is preferred. V8 reserves far more address space than it uses, so
    // RLIMIT_AS is only for Python; Node gets --max-old-space-size.
    flags.push(`--nproc=${limits.pids * 4}`);
    if (input.kind === "python") flags.push(`--as=${limits.memoryMb * 1024 * 1024}`);
  }
  return flags;
}

function dropRoot(setpriv: string): string[] {
  return [
    setpriv,
    `--reuid=${SANDBOX_UID}`,
    `--regid=${SANDBOX_GID}`,
    "--clear-groups",
    "--inh-caps=-all",
    "--bounding-set=-all",
    "--no-new-privs",
    "--",
  ];
}

function userNamespace(): string[] {
  return ["--unshare-user", "--disable-userns", "--uid", String(SANDBOX_UID), "--gid", String(SANDBOX_GID)];
}

/** The inner sandbox sees the outer one's tree; only the private folders stay writable. */
function innerMounts(workDir: string): string[] {
  return [
    "--ro-bind", "/", "/",
    "--dev-bind", "/dev", "/dev",
    "--bind", "/proc", "/proc",
    "--bind", "/dev/shm", "/dev/shm",
    "--bind", SANDBOX_TMP_DIR, SANDBOX_TMP_DIR,
    // After /tmp: a project under the host's /tmp lies inside it.
    "--bind", workDir, workDir,
  ];
}

function mounts(input: IsolationInput): string[] {
  const flags: string[] = [];
  const made = new Set<string>();
  // bubblewrap creates missing parents as root-only folders; the unprivileged user must pass through them.
  const parents = (dest: string) => {
    for (const parent of ancestors(dest)) {
      if (made.has(parent)) continue;
      made.add(parent);
      flags.push("--perms", "0755", "--dir", parent);
    }
  };
  for (const dir of SYSTEM_DIRS) {
    const link = symlinkTarget(dir);
    // Merged-/usr systems link /bin, /lib... into /usr; mirror the link instead of mounting twice.
    if (link) flags.push("--symlink", link, dir);
    else flags.push("--ro-bind-try", dir, dir);
  }
  for (const file of input.allowNetwork ? [...ETC_FILES, ...ETC_NETWORK_FILES] : ETC_FILES) {
    if (!existsSync(file)) continue;
    parents(file);
    flags.push("--ro-bind", file, file);
  }
  for (const name of ["passwd", "group", "hosts"]) flags.push("--ro-bind", `${input.hostEtcDir}/${name}`, `/etc/${name}`);
  // /dev/shm as on a host (world-writable, sticky): POSIX semaphores live there, and Python's
  // multiprocessing locks need them. bubblewrap's default 0755 would leave it to the outer root.
  flags.push("--proc", "/proc", "--dev", "/dev", "--perms", "1777", "--tmpfs", "/dev/shm");
  flags.push("--bind", input.hostTmpDir, SANDBOX_TMP_DIR);
  // The program's /tmp is private: folders on the way to a project under the host's /tmp are made inside it.
  made.add(SANDBOX_TMP_DIR);
  const readOnly = [...input.roots.map((root) => ({ host: root, dest: root })), ...input.readOnly];
  for (const outside of input.project?.outside ?? []) readOnly.push({ host: outside, dest: outside });
  for (const { host, dest } of readOnly) {
    parents(dest);
    flags.push("--ro-bind", host, dest);
  }
  if (!input.project) {
    parents(SANDBOX_WORK_DIR);
    flags.push("--bind", input.hostWorkDir, SANDBOX_WORK_DIR);
    return flags;
  }
  // Last, so that no interpreter or environment mount hides the candidate's files.
  parents(input.project.root);
  flags.push("--bind", input.hostWorkDir, input.project.root);
  for (const entry of input.project.entries) {
    if (entry.kind === "bind") flags.push("--ro-bind", entry.host, entry.host);
    else flags.push("--symlink", entry.target, entry.path);
  }
  return flags;
}

/** Whether a user with no special rights can pass through every folder above `path` and execute it. */
function reachableByOthers(path: string): boolean {
  try {
    if ((statSync(path).mode & 0o001) === 0) return false;
    return ancestors(path).every((dir) => (statSync(dir).mode & 0o001) !== 0);
  } catch {
    return false;
  }
}

function symlinkTarget(path: string): string | undefined {
  try {
    return lstatSync(path).isSymbolicLink() ? readlinkSync(path) : undefined;
  } catch {
    return undefined;
  }
}

function ancestors(path: string): string[] {
  const chain: string[] = [];
  for (let dir = dirname(path); dir !== "/" && dir !== "."; dir = dirname(dir)) chain.unshift(dir);
  return chain;
}

function programEnv(caps: SandboxCapabilities, input: IsolationInput): Record<string, string> {
  const inside = Boolean(caps.bwrap);
  const env: Record<string, string> = {
    PATH: [...input.binDirs, "/usr/local/bin", "/usr/bin", "/bin"].filter((d, i, all) => all.indexOf(d) === i).join(":"),
    HOME: inside ? (input.project ? SANDBOX_TMP_DIR : SANDBOX_WORK_DIR) : input.hostWorkDir,
    TMPDIR: inside ? SANDBOX_TMP_DIR : input.hostTmpDir,
    LANG: "C.UTF-8",
    ...input.env,
  };
  if (input.kind === "node") {
    // V8 must collect garbage before the cgroup limit is reached; a quarter is left for
    // code, stacks and buffers outside the old generation. NODE_OPTIONS reaches child node processes too.
    const heapMb = Math.max(16, Math.floor(input.limits.memoryMb * 0.75));
    env.NODE_OPTIONS = [`--max-old-space-size=${heapMb}`, input.env.NODE_OPTIONS].filter(Boolean).join(" ");
  }
  return env;
}
