import type { AgentDeps } from "../agent-deps.js";
import { analyzeFailure, wantsAnalysis } from "../analyze-failure.js";
import { currentDiagnosis } from "../current-diagnosis.js";
import { askModel } from "../ask-model.js";
import { asksForEdits } from "../edit-threshold.js";
import { historyOf, recentWithCode } from "../history-of.js";
import { programContext } from "../program-context.js";
import { fileAtFault, focusOn } from "../program-files.js";
import { repairPrompt } from "../prompts/repair-prompt.js";
import { repairCandidate } from "../repair-candidate.js";
import type { AgentStateValue, AgentUpdate } from "../state.js";
import { stopReason } from "../stop-reason.js";
import { temperatureFor } from "../strategy.js";
import { testsFor } from "../tests-for.js";

/**
 * Replies whose edits fail in a row before the model is asked for the whole file instead (a
 * model that cannot quote the file exactly can still rewrite it).
 */
export const MAX_EDIT_FAILURES = 2;

/**
 * The model-driven fix: the file at fault whole, the program's other files as needed, its
 * diagnosis, its analysis and the bounded history, in one prompt. A large file is changed with
 * search/replace blocks; blocks that do not apply are sent back with the reason.
 *
 * A runtime or test failure is analyzed first, in this same step (a step of its own cost a
 * LangGraph step and a checkpoint per attempt), once per attempt: a reply whose edits did not
 * apply is asked again with the same analysis. Fault localization may take a while, so the
 * limits are checked after it and before the model is called; a limit reached ends the run
 * as the route to give_up did from the analysis step.
 */
export function repairNode(deps: AgentDeps) {
  return async (state: AgentStateValue): Promise<AgentUpdate> => {
    const { code } = state;
    const diagnosis = currentDiagnosis(state);
    if (deps.model === null || code === null || !diagnosis) throw new Error("repair reached without a model or a diagnosis");
    const analyzed = state.analysis === null && wantsAnalysis(state) ? await analyzeFailure(state, deps) : undefined;
    const analysis = analyzed?.analysis ?? state.analysis;
    const executions = analyzed?.executions ? { executions: analyzed.executions } : {};
    const spent = analyzed?.executions ? { usage: executions } : {};
    const stop = stopReason(state, deps);
    if (stop) return { reason: stop.reason, message: stop.why, ...spent };
    const { task } = deps;
    const remembered = (await deps.memory?.forModel(diagnosis, state.attempts + 1, deps.emit)) ?? [];
    // In a multi-file program the model is shown the file diagnosis blames, and fixes it.
    const target = fileAtFault(task, state.files, diagnosis.location);
    const current = state.files?.[target] ?? code;
    const tests = testsFor(deps, state);
    const failures = state.editFailure?.count ?? 0;
    const strictEdits = failures < MAX_EDIT_FAILURES;
    const edits = strictEdits && asksForEdits(current);
    const history = historyOf(state);
    const messages = repairPrompt({
      task: focusOn(task, state.files, target),
      remembered,
      code: current,
      diagnosis,
      recent: recentWithCode(state),
      older: history.older,
      avoid: history.avoid.map((entry) => entry.line),
      plan: analysis?.plan ?? false,
      notes: analysis?.notes ?? [],
      suspicious: analysis?.suspicious ?? [],
      ...(state.files ? { context: await programContext({ files: state.files, target, tests, diagnosis }) } : {}),
      edits,
      ...(state.editFailure ? { editFailure: state.editFailure } : {}),
    });
    const temperature = temperatureFor(state.modelFailures);
    const asked = await askModel(deps, deps.model, "repair", messages, temperature);
    if (!asked.ok) return { reason: asked.reason ?? "error", message: asked.message, ...spent };
    const usage = { ...asked.usage, ...executions };

    const read = repairCandidate({
      task,
      reply: asked.reply,
      messages,
      temperature,
      strategy: state.strategy,
      files: state.files,
      code,
      target,
      tests: tests.map((test) => test.path),
      strictEdits,
      folder: deps.folder,
      attempt: state.attempts + 1,
    });
    if (read.status === "edit_failed") {
      // The analysis stays for the next try at this attempt's repair.
      return { usage, analysis, editFailure: { reply: asked.reply.text, reason: read.reason, count: failures + 1 } };
    }
    const recalled = remembered.length ? { recalled: remembered.map((entry) => entry.id) } : {};
    return { usage, analysis: null, editFailure: null, candidate: { ...read.candidate, ...recalled } };
  };
}
