import type { AgentDeps } from "../agent-deps.js";
import { askModel } from "../ask-model.js";
import { modelCandidate } from "../model-candidate.js";
import { fileAtFault, focusOn, withFix } from "../program-files.js";
import { repairPrompt } from "../prompts/repair-prompt.js";
import type { AgentStateValue, AgentUpdate } from "../state.js";
import { temperatureFor } from "../strategy.js";

/** The model-driven fix: the current code, its diagnosis and the bounded history, in one prompt. */
export function repairNode(deps: AgentDeps) {
  return async (state: AgentStateValue): Promise<AgentUpdate> => {
    const { code, diagnosis } = state;
    if (deps.model === null || code === null || !diagnosis) throw new Error("repair reached without a model or a diagnosis");
    const { task } = deps;
    const remembered = (await deps.memory?.forModel(diagnosis, state.attempts + 1, deps.emit)) ?? [];
    // In a multi-file program the model is shown, and rewrites, the file diagnosis blames.
    const target = fileAtFault(task, state.files, diagnosis.location);
    const messages = repairPrompt({
      task: focusOn(task, state.files, target),
      remembered,
      code: state.files?.[target] ?? code,
      diagnosis,
      recent: state.recent,
      older: state.older,
      avoid: state.avoid.map((entry) => entry.line),
      plan: state.analysis?.plan ?? false,
      notes: state.analysis?.notes ?? [],
      suspicious: state.analysis?.suspicious ?? [],
    });
    const temperature = temperatureFor(state.modelFailures);
    const asked = await askModel(deps, deps.model, "repair", messages, temperature);
    if (!asked.ok) return { reason: asked.reason ?? "error", message: asked.message };

    const candidate = modelCandidate({ reply: asked.reply, messages, temperature, language: task.language, strategy: state.strategy });
    const recalled = remembered.length ? { recalled: remembered.map((entry) => entry.id) } : {};
    return { usage: asked.usage, analysis: null, candidate: { ...candidate, ...withFix(task, state.files, target, candidate.code), ...recalled } };
  };
}
