import type { BaseChatModel } from "@langchain/core/language_models/chat_models";
import { callModel } from "../models/call-model.js";
import { costOf, type Price } from "../models/pricing.js";
import type { ModelClient } from "./collaborators.js";

/**
 * Adapts a LangChain chat model to what the nodes need: one call with bounded retries
 * (`callModel`), the provider's token usage, and its cost from the price table.
 */
export function createModelClient(chat: BaseChatModel, name: string, prices: Record<string, Price> = {}): ModelClient {
  return {
    name,
    async call(messages, options) {
      const result = await callModel(chat, messages, {
        ...(options.temperature !== undefined ? { temperature: options.temperature } : {}),
        ...(options.signal ? { signal: options.signal } : {}),
        onRetry: (info) =>
          options.onRetry?.({
            retry: info.attempt,
            reason: info.status !== undefined ? `${info.kind} (HTTP ${info.status})` : info.kind,
            waitMs: info.delayMs,
          }),
      });
      const priced = costOf(name, result.usage, prices) || costOf(result.model, result.usage, prices);
      return {
        text: result.text,
        usage: { input: result.usage.input, output: result.usage.output },
        costUsd: priced,
        retries: result.retries,
        durationMs: result.durationMs,
      };
    },
  };
}
