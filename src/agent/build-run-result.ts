import type { RunFolder } from "../runs/run-folder.js";
import type { Language } from "../shared/language.js";
import type { RunResult } from "../shared/run-result.js";
import type { AgentStateValue } from "./state.js";

/** How a session of the run ended, as seen from outside the graph. */
export type SessionEnd =
  | { kind: "finished" }
  | { kind: "awaiting_approval" }
  | { kind: "interrupted"; message: string }
  | { kind: "crashed"; message: string };

/**
 * The SPEC run JSON from the checkpointed state and the attempt files (the full history
 * lives in the run folder, not in the state).
 */
export function buildRunResult(
  state: AgentStateValue,
  folder: RunFolder,
  language: Language,
  durationMs: number,
  end: SessionEnd,
): RunResult {
  const attempts = folder.readAttempts().map((file) => file.record);
  const base = {
    schemaVersion: 1 as const,
    runId: folder.runId,
    language,
    attempts,
    usage: { ...state.usage, costUsd: Math.round(state.usage.costUsd * 1e6) / 1e6 },
    durationMs: Math.round(durationMs),
    runDir: folder.dir,
  };
  if (end.kind === "finished" && state.outcome) {
    return {
      ...base,
      status: state.status === "passed" ? "passed" : "failed",
      reason: state.reason ?? "error",
      verified: state.outcome.verified,
      code: state.outcome.code,
      ...(state.status !== "passed" && state.message ? { message: state.message } : {}),
    };
  }
  const resume = `mend resume ${folder.runId}`;
  const best = state.best;
  const common = { ...base, status: "failed" as const, code: best?.code ?? state.code ?? "" };
  switch (end.kind) {
    case "awaiting_approval":
      return {
        ...common,
        reason: "interrupted",
        pending: "approval",
        verified: state.check?.passed ?? false,
        code: state.code ?? "",
        message: `verified code is waiting for approval: ${resume} --approve (or --reject)`,
      };
    case "interrupted":
    case "crashed":
      return {
        ...common,
        reason: end.kind === "interrupted" ? "interrupted" : "error",
        verified: best?.passed ?? false,
        message: `${end.message}; continue with: ${resume}`,
      };
    default:
      return { ...common, reason: "error", verified: false, message: "the run ended without an outcome" };
  }
}
