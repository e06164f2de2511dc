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
}

/** Every execution in mendloop goes through a Sandbox. */
export interface Sandbox {
  run(spec: ExecSpec): Promise<ExecResult>;
  /** Releases warm runners and temporary folders. */
  close(): Promise<void>;
}
