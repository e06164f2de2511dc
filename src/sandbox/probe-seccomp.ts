import { once } from "node:events";
import { readFileSync } from "node:fs";
import { setTimeout as sleep } from "node:timers/promises";
import { folderOwner, type SandboxCapabilities } from "./isolation-command.js";
import { IsolatedProcess } from "./isolated-process.js";
import { RunFolder } from "./run-folder.js";
import { seccompArchOf } from "./seccomp-filter.js";

const PROBE_TIMEOUT_MS = 30_000;
const PROBE_LIMITS = { memoryMb: 256, pids: 16, cpuSeconds: 10, fileSizeBytes: 1 << 20, openFiles: 64 };

/**
 * Starts a program the way a real run does, with the seccomp filter, and has it check that
 * the kernel counts one filter more than this process has (one more than an outer container
 * already set). Returns why the filter cannot be used, if it cannot.
 */
export async function probeSeccomp(caps: SandboxCapabilities): Promise<string | undefined> {
  if (!seccompArchOf()) return `no syscall table for ${process.arch}`;
  const own = /^Seccomp_filters:\s*(\d+)/m.exec(readFileSync("/proc/self/status", "utf8"));
  // Kernels before 5.9 do not count filters; there the mode says whether any is in force.
  const pattern = own ? `^Seccomp_filters:[[:space:]]*${Number(own[1]) + 1}$` : "^Seccomp:[[:space:]]*2$";
  const folder = await RunFolder.create(folderOwner(caps));
  try {
    const running = await IsolatedProcess.start(
      { ...caps, seccomp: true },
      { command: ["grep", "-q", pattern, "/proc/self/status"], folder, limits: PROBE_LIMITS },
    );
    try {
      let stderr = "";
      running.child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
      running.child.stdout.resume();
      running.child.stdin.end();
      const closed = once(running.child, "close");
      const timer = setTimeout(() => void running.killTree(), PROBE_TIMEOUT_MS);
      const exit = await running.exited;
      clearTimeout(timer);
      // Unreferenced: a pending timer must not keep a finished command alive.
      await Promise.race([closed, sleep(1_000, undefined, { ref: false })]);
      if (exit.exitCode === 0) return undefined;
      if (exit.exitCode === 1) return "the filter was not in force in the program";
      return stderr.trim().split("\n")[0] || `exit status ${exit.exitCode ?? exit.signal}`;
    } finally {
      await running.dispose();
    }
  } catch (error) {
    return (error as Error).message;
  } finally {
    await folder.remove();
  }
}
