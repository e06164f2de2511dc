/** Why a sandboxed run ended, read from real signals (exit status, cgroup counters, EFBIG). */
export type ExecReason =
  | "ok"
  | "exit"
  | "timeout"
  | "cpu"
  | "memory"
  | "output"
  | "pids"
  | "fsize"
  | "killed";

/** The flat result of one sandboxed execution (SPEC `exec` shape plus internal extras). */
export interface ExecResult {
  exitCode: number | null;
  signal: string | null;
  reason: ExecReason;
  timedOut: boolean;
  outputLimited: boolean;
  stdout: string;
  stderr: string;
  durationMs: number;
  /** Files read back from the work folder after the run, as requested by `ExecSpec.collect`. */
  files?: Record<string, string>;
  /** Isolation mechanisms that were missing and what was done instead. */
  warnings?: string[];
  /** Forks the process cap refused, when any: a program can exit 0 (`ok`) without the processes it meant to start. */
  pidsRefused?: number;
  /** The limits the run was given (the strong tier fills this in). */
  limits?: ExecLimits;
}

/** The limits one sandboxed run ran under. */
export interface ExecLimits {
  timeoutMs: number;
  memoryMb: number;
  /** Processes and threads at most. */
  pids: number;
  cpuSeconds: number;
  /** Per output stream. */
  outputBytes: number;
}
