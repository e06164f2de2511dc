import type { AIMessage } from "@langchain/core/messages";

/** Token usage as a provider reported it. */
export interface ReportedUsage {
  input: number;
  output: number;
}

/**
 * The provider's reported token usage on a reply, from LangChain's `usage_metadata` or,
 * failing that, the raw `response_metadata` shapes (OpenAI `tokenUsage`/`usage`, Anthropic
 * `usage`, Ollama `prompt_eval_count`/`eval_count`). Undefined when the provider gave none:
 * all-zero counts mean "not reported", since no real reply costs nothing.
 */
export function readUsage(message: AIMessage): ReportedUsage | undefined {
  const candidates: [unknown, unknown][] = [];
  const metadata = message.usage_metadata;
  if (metadata) candidates.push([metadata.input_tokens, metadata.output_tokens]);
  const response = (message.response_metadata ?? {}) as Record<string, Record<string, unknown> | undefined>;
  const tokenUsage = response.tokenUsage;
  if (tokenUsage) candidates.push([tokenUsage.promptTokens, tokenUsage.completionTokens]);
  const usage = response.usage;
  if (usage) {
    candidates.push([usage.prompt_tokens, usage.completion_tokens]);
    candidates.push([usage.input_tokens, usage.output_tokens]);
  }
  candidates.push([response.prompt_eval_count, response.eval_count]);

  for (const [input, output] of candidates) {
    const inputCount = typeof input === "number" && Number.isFinite(input) ? input : 0;
    const outputCount = typeof output === "number" && Number.isFinite(output) ? output : 0;
    if (inputCount > 0 || outputCount > 0) return { input: inputCount, output: outputCount };
  }
  return undefined;
}
