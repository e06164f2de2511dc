import type { AgentDeps } from "../agent-deps.js";
import { repairRequest } from "../repair-request.js";
import { testsFor } from "../tests-for.js";
import { codeKey } from "../code-key.js";
import type { OfflineRepairResult } from "../collaborators.js";
import type { AgentStateValue, AgentUpdate } from "../state.js";

/**
 * The first fixer tried on a failing program: the offline search engine, with no model and
 * no tokens. It runs once per distinct program; a fix it finds is validated like any other
 * candidate. A fault inside the engine is logged and the loop goes on to the model.
 */
export function offlineRepairNode(deps: AgentDeps) {
  return async (state: AgentStateValue): Promise<AgentUpdate> => {
    const { code, check } = state;
    if (code === null || !check || !deps.repairer) return { offlineTriedOn: code === null ? null : codeKey(code) };
    const { task } = deps;
    const attempt = state.attempts + 1;
    const preferredEdits = state.diagnosis ? deps.memory?.forOffline(state.diagnosis, attempt, deps.emit) : undefined;
    let result: OfflineRepairResult;
    try {
      const options = {
        ...(preferredEdits?.length ? { preferredEdits } : {}),
        sandbox: deps.sandbox,
        timeBudgetMs: deps.offlineBudgetMs,
        signal: deps.signal,
        ...(deps.offlineMaxCandidates !== undefined ? { maxCandidates: deps.offlineMaxCandidates } : {}),
      };
      result = await deps.repairer(repairRequest(task, code, check, testsFor(deps, state)), options);
    } catch (error) {
      deps.signal?.throwIfAborted();
      const reason = `offline engine failed: ${error instanceof Error ? error.message : String(error)}`;
      deps.emit({ type: "offline_repair", status: "skipped", candidatesRun: 0, durationMs: 0, reason });
      return { offlineTriedOn: codeKey(code) };
    }
    deps.emit({
      type: "offline_repair",
      status: result.status,
      candidatesRun: result.candidatesRun,
      durationMs: result.durationMs,
      ...(result.status === "not_fixed" ? { reason: result.reason } : {}),
    });
    const spent = { offlineTriedOn: codeKey(code), usage: { executions: result.candidatesRun } };
    if (result.status !== "fixed") return spent;
    if (result.edits) deps.memory?.noteOfflineFix(attempt, result.edits);
    return {
      ...spent,
      candidate: {
        code: result.code,
        source: "offline",
        strategy: "offline",
        produceMs: result.durationMs,
        offline: { diff: result.diff, candidatesRun: result.candidatesRun },
      },
    };
  };
}
