import type { BaseChatModel } from "@langchain/core/language_models/chat_models";

const timeouts = new WeakMap<BaseChatModel, number>();

/**
 * Records the per-request time limit a model was built with. Client SDKs stop their timer
 * once response headers arrive, so a reply that stalls mid-body would wait forever; `callModel`
 * applies this limit to each whole try.
 */
export function registerModelTimeout(model: BaseChatModel, timeoutMs: number): void {
  timeouts.set(model, timeoutMs);
}

/** The limit registered for `model`, if it was built by `createChatModel`. */
export function modelTimeoutOf(model: BaseChatModel): number | undefined {
  return timeouts.get(model);
}
