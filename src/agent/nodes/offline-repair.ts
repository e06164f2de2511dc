import { rememberedEdits } from "../../memory/remembered-edits.js";
import type { AgentDeps } from "../agent-deps.js";
import { repairRequest } from "../repair-request.js";
import { testsFor } from "../tests-for.js";
import { codeKey } from "../code-key.js";
import { filesToSearch, focusOn, withFix } from "../program-files.js";
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
    if (code === null || !check || !deps.repairer) return { offlineTriedOn: code === null ? null : codeKey(code, state.files) };
    const { task } = deps;
    const attempt = state.attempts + 1;
    const remembered = state.diagnosis ? ((await deps.memory?.forOffline(state.diagnosis, attempt, deps.emit)) ?? []) : [];
    const preferredEdits = remembered.flatMap((entry) => entry.edits);
    let result: OfflineRepairResult | undefined;
    let target = task.entry;
    let candidatesRun = 0;
    const started = Date.now();
    try {
      // In a multi-file program the engine searches the file diagnosis blames, the others laid
      // over as they are; when no frame names one (a wrong value checked by the tests), each file
      // in turn, sharing the budget (what one leaves unspent goes to the next).
      const targets = filesToSearch(task, state.files, check.location);
      for (const [i, path] of targets.entries()) {
        const left = deps.offlineBudgetMs === undefined ? undefined : deps.offlineBudgetMs - (Date.now() - started);
        if (left !== undefined && left <= 0) break;
        const options = {
          ...(preferredEdits.length ? { preferredEdits } : {}),
          sandbox: deps.sandbox,
          ...(left !== undefined ? { timeBudgetMs: Math.floor(left / (targets.length - i)) } : {}),
          signal: deps.signal,
          ...(deps.offlineMaxCandidates !== undefined ? { maxCandidates: deps.offlineMaxCandidates } : {}),
        };
        target = path;
        result = await deps.repairer(repairRequest(focusOn(task, state.files, path), state.files?.[path] ?? code, check, testsFor(deps, state)), options);
        candidatesRun += result.candidatesRun;
        if (result.status === "fixed") break;
      }
    } catch (error) {
      deps.signal?.throwIfAborted();
      const reason = `offline engine failed: ${error instanceof Error ? error.message : String(error)}`;
      deps.emit({ type: "offline_repair", status: "skipped", candidatesRun: 0, durationMs: 0, reason });
      return { offlineTriedOn: codeKey(code, state.files) };
    }
    result ??= { status: "not_fixed", candidatesRun: 0, durationMs: 0, reason: "no time left in the offline budget" };
    deps.emit({
      type: "offline_repair",
      status: result.status,
      candidatesRun,
      durationMs: Date.now() - started,
      ...(result.status === "not_fixed" ? { reason: result.reason } : {}),
    });
    const spent = { offlineTriedOn: codeKey(code, state.files), usage: { executions: candidatesRun } };
    if (result.status !== "fixed") return spent;
    return {
      ...spent,
      candidate: {
        ...withFix(task, state.files, target, result.code),
        source: "offline",
        strategy: "offline",
        produceMs: Date.now() - started,
        offline: { diff: result.diff, candidatesRun, ...(result.edits ? { edits: rememberedEdits(result.edits, state.files?.[target] ?? code) } : {}) },
        ...(remembered.length ? { recalled: remembered.map((entry) => entry.id) } : {}),
      },
    };
  };
}
