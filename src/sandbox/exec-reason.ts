import type { ExecReason } from "../shared/exec-result.js";

/** What the supervisor observed about a run, each fact from a real signal. */
export interface RunFacts {
  exitCode: number | null;
  signal: string | null;
  /** Our wall-clock timer fired. */
  timedOut: boolean;
  /** A stream passed its cap and we killed the run. */
  outputLimited: boolean;
  /** Processes the kernel's OOM killer killed in the run's cgroup. */
  oomKills: number;
  /** Forks the pids cgroup refused. */
  pidsRefused: number;
  /** A file reached the file-size limit (Python ignores SIGXFSZ and gets EFBIG instead). */
  fileSizeHit: boolean;
  /** The JavaScript engine aborted at its heap limit (`--max-old-space-size`, worker resource limits). */
  heapExhausted: boolean;
}

/**
 * Why a run ended. A clean exit is `ok` whatever else happened; otherwise the kernel's
 * counters come first, because a limit usually kills or breaks a program before it would
 * have ended on its own (a fork bomb hits pids.max, then fails or runs into the timer).
 */
export function decideReason(facts: RunFacts): ExecReason {
  if (facts.outputLimited) return "output";
  if (facts.exitCode === 0 && !facts.timedOut) return "ok";
  if (facts.oomKills > 0 || facts.heapExhausted) return "memory";
  if (facts.pidsRefused > 0) return "pids";
  if (facts.signal === "SIGXCPU") return "cpu";
  if (facts.signal === "SIGXFSZ" || facts.fileSizeHit) return "fsize";
  if (facts.timedOut) return "timeout";
  if (facts.signal) return "killed";
  return "exit";
}

/** V8's own last words when it reaches its heap limit (it then aborts). */
export function isHeapExhausted(signal: string | null, stderr: string): boolean {
  return (signal === "SIGABRT" || signal === "SIGTRAP") && /JavaScript heap out of memory|Reached heap limit/.test(stderr);
}
