import type { BaseChatModel } from "@langchain/core/language_models/chat_models";

type Rebuild = (temperature: number) => BaseChatModel;

// LangChain chat models fix temperature at construction and have no per-call setting, so
// the factory that built a model leaves a way to build its twin at another temperature.
const rebuilders = new WeakMap<BaseChatModel, Rebuild>();
const variants = new WeakMap<BaseChatModel, Map<number, BaseChatModel>>();

/** Lets `withTemperature` build `model` again at another temperature (called by model factories). */
export function registerTemperatureVariants(model: BaseChatModel, rebuild: Rebuild): void {
  rebuilders.set(model, rebuild);
}

/**
 * The same model sampling at `temperature`, built once per value and reused. Returns `model`
 * itself when its provider takes no temperature (OpenAI reasoning models) or when it was not
 * built by `createChatModel`.
 */
export function withTemperature(model: BaseChatModel, temperature: number): BaseChatModel {
  const rebuild = rebuilders.get(model);
  if (rebuild === undefined) return model;
  let byTemperature = variants.get(model);
  if (byTemperature === undefined) {
    byTemperature = new Map();
    variants.set(model, byTemperature);
  }
  let variant = byTemperature.get(temperature);
  if (variant === undefined) {
    variant = rebuild(temperature);
    byTemperature.set(temperature, variant);
  }
  return variant;
}

/** Whether `withTemperature` can change this model's sampling temperature. */
export function supportsTemperature(model: BaseChatModel): boolean {
  return rebuilders.has(model);
}
