import { ModelProviderError } from "../errors/model-provider-error.js";
import { SharedBudgetError } from "../errors/shared-budget-error.js";
import type { RunUsage } from "../shared/run-result.js";
import type { AgentDeps } from "./agent-deps.js";
import type { ModelClient, ModelReply, PromptMessage } from "./collaborators.js";

export type Asked =
  | { ok: true; reply: ModelReply; usage: Partial<RunUsage> }
  | { ok: false; message: string; reason?: "budget_tokens" | "budget_cost" };

/**
 * One model call for a node: retries (429, 5xx, resets, hangs) happen inside the client and
 * are logged here, never counted as attempts. A provider that still fails ends the run with
 * reason `error` and its message, instead of crashing it.
 */
export async function askModel(
  deps: AgentDeps,
  model: ModelClient,
  node: string,
  messages: PromptMessage[],
  temperature: number,
): Promise<Asked> {
  try {
    const reply = await model.call(messages, {
      temperature,
      signal: deps.signal,
      onRetry: (info) => deps.emit({ type: "model_retry", node, ...info }),
    });
    deps.emit({
      type: "model_call",
      node,
      tokens: reply.usage,
      retries: reply.retries,
      durationMs: reply.durationMs,
      temperature,
    });
    return {
      ok: true,
      reply,
      usage: { modelCalls: 1, inputTokens: reply.usage.input, outputTokens: reply.usage.output, costUsd: reply.costUsd },
    };
  } catch (error) {
    if (SharedBudgetError.isInstance(error)) return { ok: false, message: error.message, reason: error.kind === "tokens" ? "budget_tokens" : "budget_cost" };
    if (!ModelProviderError.isInstance(error)) throw error;
    // The provider error is already one sentence naming the provider, the cause and the retries; name the model instead.
    const sentence = error.message.startsWith(`${error.provider} `) ? error.message.slice(error.provider.length + 1) : `failed: ${error.message}`;
    return { ok: false, message: `${model.name} ${sentence}` };
  }
}
