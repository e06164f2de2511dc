import type { RawTestRun } from "../diagnosis/raw-failure.js";
import type { ExecResult } from "../shared/exec-result.js";

/** Why the sandbox stopped a test run that never finished its report. */
export function killedBy(exec: ExecResult): NonNullable<RawTestRun["killed"]> {
  if (exec.reason === "timeout" || exec.reason === "cpu") return "timeout";
  if (exec.reason === "memory") return "memory";
  if (exec.reason === "output") return "output";
  return "crash";
}

/** The end of a tool's output, where runners print their verdict, capped for reports and prompts. */
export function outputTail(exec: ExecResult, max = 4000): string {
  const text = `${exec.stdout}\n${exec.stderr}`.trim();
  return text.length > max ? text.slice(-max) : text;
}
