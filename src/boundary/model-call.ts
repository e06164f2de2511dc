import { AIMessage, type BaseMessage } from "@langchain/core/messages";
import type { LLMResult } from "@langchain/core/outputs";
import { countTextTokens, countTokens } from "../models/count-tokens.js";
import { readUsage } from "../models/read-usage.js";
import type { TokenUsage } from "../shared/attempt.js";

/** What the boundary learns about a model call before it is made. */
export interface CallEstimate {
  /** The model as a spec the price table understands (`openai:gpt-4o`, `ollama:qwen`), if known. */
  model?: string;
  /** The call's own output cap (max_tokens and its aliases), when it sets one. */
  maxOutputTokens?: number;
  /**
   * Input tokens counted locally with js-tiktoken. Counted on first use only: loading the
   * rank tables takes seconds, and runs without a token or cost budget rarely need it.
   */
  inputTokens(): number;
}

type Params = Record<string, unknown>;

/** Providers whose models the price table knows by spec prefix (local ones are free). */
const SPEC_PROVIDERS = new Set(["openai", "anthropic", "ollama", "llama"]);

/**
 * Estimates a chat call from what LangChain hands the `handleChatModelStart` callback: input
 * tokens counted locally with js-tiktoken (tool calls included), the output cap from the
 * invocation parameters or LangSmith's `ls_max_tokens` when the call sets one, the model
 * from either.
 */
export function estimateChatCall(
  messages: BaseMessage[][],
  extraParams: Params | undefined,
  metadata: Params | undefined,
): CallEstimate {
  const model = modelOf(extraParams, metadata);
  const count = () => {
    let tokens = 0;
    for (const group of messages) {
      tokens += countTokens(group, modelName(model));
      for (const message of group) {
        const calls = (message as { tool_calls?: unknown[] }).tool_calls;
        if (calls !== undefined && calls.length > 0) tokens += countTextTokens(JSON.stringify(calls), modelName(model));
      }
    }
    return tokens;
  };
  return withCap({ model, inputTokens: once(count) }, maxOutputOf(extraParams, metadata));
}

/** The same for a completion model (`handleLLMStart`), whose input is plain prompts. */
export function estimateTextCall(
  prompts: string[],
  extraParams: Params | undefined,
  metadata: Params | undefined,
): CallEstimate {
  const model = modelOf(extraParams, metadata);
  const count = () => prompts.reduce((sum, prompt) => sum + countTextTokens(prompt, modelName(model)), 0);
  return withCap({ model, inputTokens: once(count) }, maxOutputOf(extraParams, metadata));
}

function withCap(estimate: CallEstimate, cap: number | undefined): CallEstimate {
  return cap === undefined ? estimate : { ...estimate, maxOutputTokens: cap };
}

function once(compute: () => number): () => number {
  let value: number | undefined;
  return () => (value ??= compute());
}

/**
 * The usage a provider reported for a finished call: each generation's message
 * (`usage_metadata` and the raw provider shapes), else the run-level `llmOutput.tokenUsage`.
 * Undefined when the provider reported nothing.
 */
export function usageOfResult(output: LLMResult): TokenUsage | undefined {
  let total: TokenUsage | undefined;
  for (const generations of output.generations ?? []) {
    for (const generation of generations) {
      const message = (generation as { message?: BaseMessage }).message;
      if (message === undefined || message.getType() !== "ai") continue;
      const usage = readUsage(message as AIMessage);
      if (usage !== undefined) total = { input: (total?.input ?? 0) + usage.input, output: (total?.output ?? 0) + usage.output };
    }
  }
  if (total !== undefined) return total;
  const tokenUsage = (output.llmOutput as Params | undefined)?.tokenUsage as Params | undefined;
  const input = numberOf(tokenUsage?.promptTokens);
  const outputTokens = numberOf(tokenUsage?.completionTokens);
  return input !== undefined || outputTokens !== undefined ? { input: input ?? 0, output: outputTokens ?? 0 } : undefined;
}

function modelOf(extraParams: Params | undefined, metadata: Params | undefined): string | undefined {
  const invocation = (extraParams?.invocation_params ?? {}) as Params;
  const name = [metadata?.ls_model_name, invocation.model, invocation.model_name, invocation.modelName].find(
    (value): value is string => typeof value === "string" && value !== "",
  );
  if (name === undefined) return undefined;
  const provider = typeof metadata?.ls_provider === "string" ? metadata.ls_provider.toLowerCase() : "";
  return SPEC_PROVIDERS.has(provider) && !name.includes(":") ? `${provider}:${name}` : name;
}

function modelName(model: string | undefined): string | undefined {
  return model?.replace(/^[a-z]+:/, "");
}

function maxOutputOf(extraParams: Params | undefined, metadata: Params | undefined): number | undefined {
  const invocation = (extraParams?.invocation_params ?? {}) as Params;
  const candidates = [
    invocation.max_tokens,
    invocation.maxTokens,
    invocation.max_completion_tokens,
    invocation.max_output_tokens,
    invocation.maxOutputTokens,
    invocation.num_predict,
    metadata?.ls_max_tokens,
  ];
  return candidates.map(numberOf).find((value) => value !== undefined && value > 0);
}

function numberOf(value: unknown): number | undefined {
  return typeof value === "number" && Number.isFinite(value) ? value : undefined;
}
