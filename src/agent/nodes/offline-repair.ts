import { rememberedEdits } from "../../memory/remembered-edits.js";
import type { AgentDeps } from "../agent-deps.js";
import { currentDiagnosis } from "../current-diagnosis.js";
import { repairRequest } from "../repair-request.js";
import { testsFor } from "../tests-for.js";
import { codeKey } from "../code-key.js";
import { others, type ProgramFiles } from "../program-files.js";
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
    const diagnosis = currentDiagnosis(state);
    const remembered = diagnosis ? await deps.memory?.forOffline(diagnosis, attempt, deps.emit) : undefined;
    const preferredEdits = remembered?.edits ?? [];
    let result: OfflineRepairResult;
    const started = Date.now();
    try {
      // A multi-file program is searched as one: the engine localizes the fault across all its
      // files (per-test coverage of each) and edits whichever ranks first; tests are never edited.
      const editable = state.files ? others(state.files, task.entry).filter((file) => file.content.trim()) : [];
      const request = repairRequest(task, state.files?.[task.entry] ?? code, check, testsFor(deps, state));
      result = await deps.repairer(editable.length > 0 ? { ...request, editable } : request, {
        ...(preferredEdits.length ? { preferredEdits } : {}),
        sandbox: deps.sandbox,
        ...(deps.offlineBudgetMs !== undefined ? { timeBudgetMs: deps.offlineBudgetMs } : {}),
        signal: deps.signal,
        ...(deps.offlineMaxCandidates !== undefined ? { maxCandidates: deps.offlineMaxCandidates } : {}),
      });
    } catch (error) {
      deps.signal?.throwIfAborted();
      const reason = `offline engine failed: ${error instanceof Error ? error.message : String(error)}`;
      deps.emit({ type: "offline_repair", status: "skipped", candidatesRun: 0, durationMs: 0, reason });
      return { offlineTriedOn: codeKey(code, state.files) };
    }
    deps.emit({
      type: "offline_repair",
      status: result.status,
      candidatesRun: result.candidatesRun,
      durationMs: Date.now() - started,
      ...(result.status === "not_fixed" ? { reason: result.reason } : {}),
    });
    const outOfTime = result.status === "not_fixed" && result.candidatesRun === 0 && /^time\b/.test(result.reason) ? result.reason : null;
    const spent = { offlineTriedOn: codeKey(code, state.files), offlineOutOfTime: outOfTime, usage: { executions: result.candidatesRun } };
    if (result.status !== "fixed") return spent;
    const sourceOf = (file: string | undefined) => state.files?.[file ?? task.entry] ?? code;
    return {
      ...spent,
      candidate: {
        ...fixedFiles(task.entry, state.files, result),
        source: "offline",
        strategy: "offline",
        produceMs: Date.now() - started,
        offline: { diff: result.diff, candidatesRun: result.candidatesRun, ...(result.edits ? { edits: result.edits.flatMap((edit) => rememberedEdits([edit], sourceOf(edit.file))) } : {}) },
        ...(remembered?.ids.length ? { recalled: remembered.ids } : {}),
      },
    };
  };
}

/** The candidate's program: the files the fix changed laid over the current ones. */
function fixedFiles(entry: string, files: ProgramFiles | null, result: Extract<OfflineRepairResult, { status: "fixed" }>): { code: string; files?: ProgramFiles } {
  if (!files) return { code: result.code };
  const next = { ...files, ...(result.files ?? { [entry]: result.code }) };
  return { code: next[entry] ?? "", files: next };
}
