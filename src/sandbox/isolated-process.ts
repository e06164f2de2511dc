import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import { open, unlink, type FileHandle } from "node:fs/promises";
import { constants } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import { SandboxError } from "../errors/sandbox-error.js";
import { buildIsolationCommand, type RunLimits, type SandboxCapabilities } from "./isolation-command.js";
import type { ProjectOverlay } from "./project-overlay.js";
import { resolveProgram } from "./resolve-program.js";
import { RunCgroup, type CgroupCounters } from "./run-cgroup.js";
import type { RunFolder } from "./run-folder.js";
import { buildSeccompFilter, seccompArchOf } from "./seccomp-filter.js";

export interface IsolatedProcessOptions {
  /** argv; argv[0] is a name looked up on the host PATH or an absolute path. */
  command: string[];
  folder: RunFolder;
  env?: Record<string, string>;
  allowNetwork?: boolean;
  limits: RunLimits;
  /** Extra read-only mounts: host path -> path inside. */
  readOnly?: Array<{ host: string; dest: string }>;
  /** Run inside a project (see `IsolationInput.project`). */
  project?: ProjectOverlay;
  /** Pass a fourth pipe as fd 3 (the warm runners reply there, apart from anything a candidate prints). */
  protocolPipe?: boolean;
}

/** How the program ended, with bubblewrap's 128+N convention turned back into the signal. */
export interface ProcessExit {
  exitCode: number | null;
  signal: NodeJS.Signals | null;
}

/** bubblewrap and setpriv processes that share the program's cgroup. */
const WRAPPER_TASKS = 4;
const SIGNAL_NAMES = new Map<number, NodeJS.Signals>();
// Aliases follow the usual name (SIGIOT after SIGABRT), so the first name of a number wins.
for (const [name, number] of Object.entries(constants.signals)) {
  if (!SIGNAL_NAMES.has(number)) SIGNAL_NAMES.set(number, name as NodeJS.Signals);
}

/**
 * One program started under every available mechanism (see `buildIsolationCommand`), with
 * its own cgroups. The caller reads the output and decides when it ends; `killTree` ends
 * everything the program started, wherever it went (setsid, double fork, daemons).
 */
export class IsolatedProcess {
  readonly exited: Promise<ProcessExit>;

  private constructor(
    readonly child: ChildProcessWithoutNullStreams,
    readonly cgroup: RunCgroup | undefined,
    viaBwrap: boolean,
    /** What this run had to do without (see `IsolationCommand.warnings`). */
    readonly warnings: string[],
  ) {
    this.exited = new Promise((resolve) => {
      child.once("exit", (code, signal) => resolve(decodeExit(code, signal, viaBwrap)));
      child.once("error", () => resolve({ exitCode: null, signal: null }));
    });
  }

  static async start(caps: SandboxCapabilities, options: IsolatedProcessOptions): Promise<IsolatedProcess> {
    const program = await resolveProgram(options.command[0]);
    const cgroup = caps.cgroups
      ? await RunCgroup.create(caps.cgroups, {
          memoryBytes: options.limits.memoryMb * 1024 * 1024,
          pids: options.limits.pids + WRAPPER_TASKS,
        })
      : undefined;
    const keepFds = options.protocolPipe ? 3 : 2;
    const allowNetwork = options.allowNetwork ?? false;
    let filter: FileHandle | undefined;
    try {
      filter = caps.bwrap && caps.seccomp ? await seccompFilterFile(options.folder, allowNetwork) : undefined;
    } catch (error) {
      await cgroup?.remove();
      throw new SandboxError(`cannot write the seccomp filter: ${(error as Error).message}`, { cause: error });
    }
    const command = buildIsolationCommand(caps, {
      argv: [program.path, ...options.command.slice(1)],
      kind: program.kind,
      roots: program.roots,
      binDirs: program.binDirs,
      hostWorkDir: options.folder.work,
      hostTmpDir: options.folder.tmp,
      hostEtcDir: options.folder.etc,
      readOnly: options.readOnly ?? [],
      ...(options.project ? { project: options.project } : {}),
      env: options.env ?? {},
      allowNetwork,
      limits: options.limits,
      cgroupProcs: cgroup?.procsFiles,
      keepFds,
      seccompFd: filter ? keepFds + 1 : undefined,
    });
    const stdio: Array<"pipe" | number> = options.protocolPipe ? ["pipe", "pipe", "pipe", "pipe"] : ["pipe", "pipe", "pipe"];
    if (filter) stdio.push(filter.fd);
    try {
      // A process group of its own: terminal signals aimed at mendloop do not reach the program
      // directly, and without cgroups the group is what gets killed.
      const child = spawn(command.argv[0], command.argv.slice(1), {
        cwd: command.cwd,
        env: command.env,
        detached: true,
        stdio,
      }) as ChildProcessWithoutNullStreams;
      await new Promise<void>((resolve, reject) => {
        child.once("spawn", resolve);
        child.once("error", reject);
      });
      return new IsolatedProcess(child, cgroup, command.viaBwrap, command.warnings);
    } catch (error) {
      await cgroup?.remove();
      throw new SandboxError(`cannot start ${command.argv[0]}: ${(error as Error).message}`, { cause: error });
    } finally {
      // The child has its own copy of the descriptor by now.
      await filter?.close();
    }
  }

  /** fd 3 of the program, when started with `protocolPipe`. */
  get protocol(): Readable {
    const stream = this.child.stdio[3];
    if (!(stream instanceof Readable)) throw new SandboxError("no protocol pipe");
    return stream;
  }

  /** The kernel's counters for this run; read them before `killTree`, which refuses forks. */
  async counters(): Promise<CgroupCounters | undefined> {
    return this.cgroup?.counters();
  }

  async killTree(): Promise<void> {
    if (this.cgroup) {
      await this.cgroup.killAll();
      return;
    }
    try {
      if (this.child.pid) process.kill(-this.child.pid, "SIGKILL");
    } catch {
      // The group is already gone.
    }
  }

  /** Kills what is left and removes the cgroups. */
  async dispose(): Promise<void> {
    await this.killTree();
    await this.cgroup?.remove();
  }
}

/**
 * The compiled filter in an unlinked file of the run folder, read from the start by bubblewrap.
 * A file rather than a pipe: bubblewrap reads it to the end only once the wrappers before it
 * have started, and a file needs no writer kept alive until then.
 */
async function seccompFilterFile(folder: RunFolder, allowNetwork: boolean): Promise<FileHandle> {
  const arch = seccompArchOf();
  if (!arch) throw new SandboxError(`no seccomp filter for ${process.arch}`);
  const path = join(folder.root, `seccomp-${process.hrtime.bigint()}.bpf`);
  const file = await open(path, "wx+", 0o600);
  try {
    const bytes = buildSeccompFilter({ arch, allowNetwork });
    // A positioned write leaves the file offset at 0, where bubblewrap starts reading.
    await file.write(bytes, 0, bytes.length, 0);
    return file;
  } catch (error) {
    await file.close();
    throw error;
  } finally {
    await unlink(path);
  }
}

function decodeExit(code: number | null, signal: NodeJS.Signals | null, viaBwrap: boolean): ProcessExit {
  if (viaBwrap && code !== null && code > 128 && SIGNAL_NAMES.has(code - 128)) {
    return { exitCode: null, signal: SIGNAL_NAMES.get(code - 128) ?? null };
  }
  return { exitCode: code, signal };
}
