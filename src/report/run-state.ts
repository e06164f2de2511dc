import type { RunResult } from "../shared/run-result.js";
import type { LoggedEvent } from "./read-event-log.js";

/** Where a run stands, as the report's header shows it. */
export type RunState =
  | { kind: "passed" }
  /** The loop ended on its own without verified code (attempts used up, no model, rejected). */
  | { kind: "gave_up"; reason: string }
  /** A limit, a signal or a crash stopped it; `mend resume` may continue it. */
  | { kind: "stopped"; reason: string }
  /** Waiting for a person's answer (`mend resume RUN_ID --approve|--reject`). */
  | { kind: "paused"; pending: string }
  /** A session has started and not ended: still going, or its process was killed. */
  | { kind: "running" };

const LIFECYCLE = new Set(["run_started", "run_finished", "run_interrupted", "awaiting_approval"]);
const GAVE_UP = new Set(["max_attempts", "no_model", "rejected"]);

/**
 * The state of a run from its summary and its event log. The summary is written when a
 * session ends, so a session started after it (a resume in progress) makes it stale: the
 * log's last lifecycle event decides.
 */
export function runStateOf(result: RunResult | undefined, events: readonly LoggedEvent[]): RunState {
  const lastLifecycle = events.filter((event) => LIFECYCLE.has(event.type)).at(-1);
  if (!result || lastLifecycle?.type === "run_started") return { kind: "running" };
  if (result.status === "passed") return { kind: "passed" };
  if (result.pending) return { kind: "paused", pending: result.pending };
  return GAVE_UP.has(result.reason) ? { kind: "gave_up", reason: result.reason } : { kind: "stopped", reason: result.reason };
}
