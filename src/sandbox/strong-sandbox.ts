import { once } from "node:events";
import { existsSync } from "node:fs";
import { isAbsolute } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { SandboxError } from "../errors/sandbox-error.js";
import type { ExecResult } from "../shared/exec-result.js";
import type { ExecSpec, ProcessSpec, Sandbox, SandboxProcess } from "../shared/sandbox.js";
import { CappedOutput, DEFAULT_OUTPUT_LIMIT } from "./capped-output.js";
import { decideReason, isHeapExhausted } from "./exec-reason.js";
import { folderOwner, type RunLimits, type SandboxCapabilities } from "./isolation-command.js";
import { IsolatedProcess } from "./isolated-process.js";
import type { CgroupCounters } from "./run-cgroup.js";
import { linkProjectEntries, planProjectOverlay } from "./project-overlay.js";
import { RunFolder } from "./run-folder.js";
import { StartedProcess } from "./started-process.js";

/** Limits a run gets when its spec does not say. */
export const DEFAULT_LIMITS = {
  memoryMb: 512,
  pids: 128,
  fileSizeBytes: 64 * 1024 * 1024,
  openFiles: 256,
  /** Total of the work folder and /tmp (a tmpfs, where one can be mounted). */
  diskMb: 256,
} as const;

/** How long the output pipes may stay open after the tree is dead (they close with the last holder). */
const DRAIN_MS = 2_000;

/**
 * The strong tier: every run in a fresh private folder, under bubblewrap (no network, own
 * pid namespace, only the interpreter's files visible, an unprivileged user without new
 * privileges), cgroups for memory and processes, and rlimits, as far as the machine allows
 * (`SandboxCapabilities.warnings` says what is missing).
 */
export class StrongSandbox implements Sandbox {
  constructor(private readonly caps: SandboxCapabilities) {}

  async run(spec: ExecSpec): Promise<ExecResult> {
    const limits = limitsOf(spec);
    const folder = await RunFolder.create(folderOwner(this.caps), { diskBytes: diskBytesOf(spec) });
    try {
      const running = await this.launch(spec, folder, limits);
      spec.onSpawn?.();
      let result: ExecResult;
      try {
        result = await supervise(running, spec, limits, folder);
      } finally {
        await running.dispose();
      }
      const warnings = [...this.caps.warnings, ...running.warnings];
      if (warnings.length > 0) result.warnings = warnings;
      if (spec.collect?.length) result.files = await folder.collect(spec.collect);
      return result;
    } finally {
      await folder.remove();
    }
  }

  /** A long-lived program in a fresh folder under the same mechanisms and limits as `run`. */
  async start(spec: ProcessSpec): Promise<SandboxProcess> {
    const limits = limitsOf(spec);
    const folder = await RunFolder.create(folderOwner(this.caps), { diskBytes: diskBytesOf(spec) });
    try {
      const running = await this.launch(spec, folder, limits);
      return new StartedProcess(running.child, {
        exit: running.exited,
        kill: () => running.killTree(),
        release: async () => {
          await running.dispose();
          await folder.remove();
        },
        timeoutMs: spec.timeoutMs,
        outputLimitBytes: spec.outputLimitBytes,
        warnings: [...this.caps.warnings, ...running.warnings],
      });
    } catch (error) {
      await folder.remove();
      throw error;
    }
  }

  /** Lays the spec's files (and the project, when given) into `folder` and starts its command contained. */
  private async launch(spec: ProcessSpec, folder: RunFolder, limits: RunLimits): Promise<IsolatedProcess> {
    await folder.write(spec.files);
    const project = spec.projectRoot ? await planProjectOverlay(spec.projectRoot, Object.keys(spec.files)) : undefined;
    if (project && !this.caps.bwrap) await linkProjectEntries(folder.work, project);
    return await IsolatedProcess.start(this.caps, {
      ...(project ? { project } : {}),
      command: spec.command,
      folder,
      env: spec.env,
      allowNetwork: spec.allowNetwork,
      limits,
      readOnly: readOnlyMounts(spec),
    });
  }

  async close(): Promise<void> {}
}

/** Node's timers hold at most 2^31-1 ms (about 24.8 days); a longer one would fire at once. */
const MAX_TIMEOUT_MS = 2 ** 31 - 1;

/** A run's limits from its spec and the defaults; throws on values no run can have. */
export function limitsOf(spec: Pick<ExecSpec, "timeoutMs" | "memoryMb" | "cpuSeconds">): RunLimits {
  if (!(spec.timeoutMs > 0) || spec.timeoutMs > MAX_TIMEOUT_MS) throw new SandboxError(`invalid timeout: ${spec.timeoutMs} ms`);
  const memoryMb = spec.memoryMb ?? DEFAULT_LIMITS.memoryMb;
  if (!(memoryMb > 0) || !Number.isFinite(memoryMb)) throw new SandboxError(`invalid memory limit: ${memoryMb} MiB`);
  const cpuSeconds = spec.cpuSeconds ?? 2 * Math.ceil(spec.timeoutMs / 1000) + 1;
  if (!(cpuSeconds > 0) || !Number.isFinite(cpuSeconds)) throw new SandboxError(`invalid CPU limit: ${cpuSeconds} s`);
  return {
    memoryMb: Math.ceil(memoryMb),
    pids: DEFAULT_LIMITS.pids,
    cpuSeconds: Math.ceil(cpuSeconds),
    fileSizeBytes: DEFAULT_LIMITS.fileSizeBytes,
    openFiles: DEFAULT_LIMITS.openFiles,
  };
}

/** The run folder's total size from the spec and the default; throws on values no run can have. */
export function diskBytesOf(spec: Pick<ExecSpec, "diskMb">): number {
  const diskMb = spec.diskMb ?? DEFAULT_LIMITS.diskMb;
  if (!(diskMb > 0) || !Number.isFinite(diskMb)) throw new SandboxError(`invalid disk quota: ${diskMb} MiB`);
  return Math.ceil(diskMb) * 1024 * 1024;
}

/**
 * The host paths a run may read besides the interpreter: those the spec lists, and the
 * `node_modules` folder of any absolute argument inside one (tools such as pyright are
 * started as `node /abs/node_modules/pyright/index.js`).
 */
function readOnlyMounts(spec: ExecSpec): Array<{ host: string; dest: string }> {
  const paths = new Set<string>();
  for (const path of spec.readOnlyPaths ?? []) {
    if (!isAbsolute(path)) throw new SandboxError(`read-only path must be absolute: ${path}`);
    paths.add(path);
  }
  for (const arg of spec.command.slice(1)) {
    const at = arg.lastIndexOf("/node_modules/");
    if (isAbsolute(arg) && at >= 0 && existsSync(arg)) paths.add(arg.slice(0, at + "/node_modules".length));
  }
  return [...paths].filter((path) => existsSync(path)).map((path) => ({ host: path, dest: path }));
}

/** Feeds stdin, caps the output, enforces the timer, and ends the whole tree. */
async function supervise(running: IsolatedProcess, spec: ExecSpec, limits: RunLimits, folder: RunFolder): Promise<ExecResult> {
  const { child } = running;
  const started = performance.now();
  const cap = spec.outputLimitBytes ?? DEFAULT_OUTPUT_LIMIT;
  const stdout = new CappedOutput(cap);
  const stderr = new CappedOutput(cap);
  let timedOut = false;
  let outputLimited = false;
  // The counters are read once, before killing: killing refuses forks, which pids.events would count.
  let counters: Promise<CgroupCounters | undefined> | undefined;
  const snapshot = () => (counters ??= running.counters());
  const stop = () => void snapshot().then(() => running.killTree());

  const closed = once(child, "close");
  child.stdout.on("data", (chunk: Buffer) => {
    if (!stdout.push(chunk) && !outputLimited) {
      outputLimited = true;
      stop();
    }
  });
  child.stderr.on("data", (chunk: Buffer) => {
    if (!stderr.push(chunk) && !outputLimited) {
      outputLimited = true;
      stop();
    }
  });
  child.stdin.on("error", () => {});
  child.stdin.end(spec.stdin ?? "");
  const timer = setTimeout(() => {
    timedOut = true;
    stop();
  }, spec.timeoutMs);
  if (spec.signal?.aborted) stop();
  spec.signal?.addEventListener("abort", stop, { once: true });

  const exit = await running.exited;
  const durationMs = Math.round(performance.now() - started);
  clearTimeout(timer);
  spec.signal?.removeEventListener("abort", stop);
  const seen = (await snapshot()) ?? { oomKills: 0, pidsRefused: 0 };
  await running.killTree();
  // Unreferenced: once the streams closed, a pending drain timer must not hold the process.
  await Promise.race([closed, sleep(DRAIN_MS, undefined, { ref: false })]);
  child.stdout.destroy();
  child.stderr.destroy();

  const stderrText = stderr.text();
  const failed = exit.exitCode !== 0 || timedOut;
  const reason = decideReason({
    ...exit,
    timedOut,
    outputLimited,
    oomKills: seen.oomKills,
    pidsRefused: seen.pidsRefused,
    // Either one file reached RLIMIT_FSIZE or all of them filled the quota (ENOSPC).
    fileSizeHit: failed && !outputLimited && ((await folder.isDiskFull()) || (await folder.hasFileOfSize(limits.fileSizeBytes))),
    heapExhausted: isHeapExhausted(exit.signal, stderrText),
  });
  const result: ExecResult = {
    exitCode: exit.exitCode,
    signal: exit.signal,
    reason,
    timedOut,
    outputLimited,
    stdout: stdout.text(),
    stderr: stderrText,
    durationMs,
    limits: { timeoutMs: spec.timeoutMs, memoryMb: limits.memoryMb, pids: limits.pids, cpuSeconds: limits.cpuSeconds, outputBytes: cap },
  };
  if (seen.pidsRefused > 0) result.pidsRefused = seen.pidsRefused;
  return result;
}
