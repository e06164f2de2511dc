import type { AgentDeps } from "../agent-deps.js";
import { askModel } from "../ask-model.js";
import { historyOf } from "../history-of.js";
import { modelCandidate } from "../model-candidate.js";
import { draftFiles } from "../program-files.js";
import { generatePrompt } from "../prompts/generate-prompt.js";
import { attemptLine } from "../prompts/prompt-sections.js";
import type { AgentStateValue, AgentUpdate } from "../state.js";
import { noModelMessage } from "../stop-reason.js";
import { temperatureFor } from "../strategy.js";

/**
 * Produces the first candidate (the draft when there is one, else the model's program from
 * the requirement) and, under the `fresh` strategy, a new program from the requirement with a
 * short summary of what failed instead of the whole history.
 */
export function generateNode(deps: AgentDeps) {
  return async (state: AgentStateValue): Promise<AgentUpdate> => {
    const { task } = deps;
    if (state.attempts === 0 && task.draft !== undefined) {
      // A draft is code to repair: if it fails, the loop starts from fixing it.
      const files = draftFiles(task);
      return { strategy: "fix", candidate: { code: task.draft, ...(files ? { files } : {}), source: "draft", strategy: "draft", produceMs: 0 } };
    }
    if (deps.model === null) return { reason: "no_model", message: noModelMessage(task.draft !== undefined) };

    const fresh = state.strategy === "fresh";
    const history = historyOf(state);
    const failedSummary = fresh
      ? [...history.older, ...history.recent.map((attempt) => attemptLine(attempt.n, attempt.strategy, attempt.diagnosis))]
      : undefined;
    const messages = generatePrompt({
      task,
      failedSummary,
      avoid: fresh ? history.avoid.map((entry) => entry.line) : undefined,
      guidance: fresh && state.boundaryNote ? state.boundaryNote.message : undefined,
    });
    const temperature = temperatureFor(state.modelFailures);
    const asked = await askModel(deps, deps.model, "generate", messages, temperature);
    if (!asked.ok) return { reason: asked.reason ?? "error", message: asked.message };

    return {
      usage: asked.usage,
      candidate: modelCandidate({
        reply: asked.reply,
        messages,
        temperature,
        language: task.language,
        strategy: fresh ? "fresh" : "generate",
        folder: deps.folder,
        attempt: state.attempts + 1,
      }),
    };
  };
}
