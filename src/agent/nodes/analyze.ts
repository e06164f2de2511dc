import type { AgentDeps } from "../agent-deps.js";
import { askModel } from "../ask-model.js";
import { analyzePrompt } from "../prompts/analyze-prompt.js";
import type { AgentStateValue, AgentUpdate } from "../state.js";

/**
 * Before a repair of a runtime or test failure: under plan-then-fix, asks the model to
 * explain the failure and plan the smallest change (one model call, no attempt); under a
 * plain fix the diagnosis alone guides the repair.
 */
export function analyzeNode(deps: AgentDeps) {
  return async (state: AgentStateValue): Promise<AgentUpdate> => {
    const { code, diagnosis } = state;
    if (state.strategy !== "plan_fix" || deps.model === null || code === null || !diagnosis) return { analysis: null };
    const messages = analyzePrompt({
      task: deps.task,
      code,
      diagnosis,
      avoid: state.avoid.map((entry) => entry.line),
    });
    // Low temperature: an analysis should be the most likely explanation, not a creative one.
    const asked = await askModel(deps, deps.model, "analyze", messages, 0.2);
    if (!asked.ok) return { reason: "error", message: asked.message };
    return { usage: asked.usage, analysis: { text: asked.reply.text.trim(), tokens: asked.reply.usage } };
  };
}
