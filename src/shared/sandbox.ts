import type { Readable, Writable } from "node:stream";
import type { ExecResult } from "./exec-result.js";

/** One program run: files to lay out in a fresh work folder, and the command to run there. */
export interface ExecSpec {
  /** argv; the first element is an interpreter name (`python3`, `node`) or an absolute path. */
  command: string[];
  /** Files written into the fresh, private work folder before the run (relative paths). */
  files: Record<string, string>;
  /** Wall-clock limit in milliseconds. */
  timeoutMs: number;
  /** Memory limit in MiB (default chosen by the sandbox). */
  memoryMb?: number;
  /**
   * Total size in MiB of what the program may write to its work folder and /tmp together
   * (default chosen by the sandbox). Past it, writes fail with ENOSPC and a failed run has
   * reason `fsize`. Only enforced where the sandbox can mount a tmpfs (root).
   */
  diskMb?: number;
  /** CPU-time limit per process in seconds (default: twice the timeout, so the wall clock usually ends a busy loop first). */
  cpuSeconds?: number;
  /** Environment of the program; built from nothing, so only these variables exist. */
  env?: Record<string, string>;
  stdin?: string;
  /** Keep network access (only when the task allows it). */
  allowNetwork?: boolean;
  /** Cap per stream; past it the run is killed with reason `output`. Default 1 MiB. */
  outputLimitBytes?: number;
  /**
   * Host files or folders the program may read, at the same path (a tool outside the
   * interpreter's installation). Absolute arguments inside a `node_modules` folder are
   * exposed this way without being listed.
   */
  readOnlyPaths?: string[];
  /**
   * Run inside this project folder (absolute): it becomes the working folder, visible at its
   * real path and read-only, with `files` (then relative to it) laid over it; the program
   * starts there. Nothing outside it is visible but the interpreter and what the project's
   * own environment links to (a symlinked `node_modules` package or virtualenv).
   */
  projectRoot?: string;
  /** Work-folder-relative files to read back after the run (e.g. a JUnit XML report). */
  collect?: string[];
  /**
   * Ends the run early: when it aborts, the program's whole tree is killed (reason `killed`),
   * as the timer would. A run whose verdict nobody will read need not hold the machine.
   */
  signal?: AbortSignal;
  /** Called once the program's process exists: a caller about to block its event loop waits for it. */
  onSpawn?: () => void;
}

/**
 * A long-lived program: laid out and contained as `ExecSpec` says, but talked to over its pipes
 * instead of run to the end. `timeoutMs` is its lifetime: it is killed after that long,
 * whatever it is doing. Its stdout is the caller's to read and bound; stderr is kept up to
 * `outputLimitBytes` (default 1 MiB).
 */
export type ProcessSpec = Omit<ExecSpec, "stdin" | "collect" | "signal" | "onSpawn">;

/** A program started with `Sandbox.start`. */
export interface SandboxProcess {
  readonly stdin: Writable;
  readonly stdout: Readable;
  /** Resolves when the program's first process ends (killed by `close`, its lifetime or itself). */
  readonly exited: Promise<{ exitCode: number | null; signal: string | null; timedOut: boolean }>;
  /** What it wrote on stderr so far, up to the cap. */
  stderr(): string;
  /** Isolation mechanisms that were missing and what was done instead. */
  readonly warnings: string[];
  /** Kills everything the program started and removes its folder; safe to call more than once. */
  close(): Promise<void>;
}

/** Every execution in mendloop goes through a Sandbox. */
export interface Sandbox {
  run(spec: ExecSpec): Promise<ExecResult>;
  /**
   * Starts a long-lived program under the same containment as `run` (a warm test server that
   * serves many requests). Absent from sandboxes that only run programs to the end: callers
   * then use `run`.
   */
  start?(spec: ProcessSpec): Promise<SandboxProcess>;
  /** Releases warm runners and temporary folders. */
  close(): Promise<void>;
}
