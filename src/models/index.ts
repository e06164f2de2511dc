export { type ModelSpec, type ModelProvider, parseModelSpec, formatModelSpec } from "./model-spec.js";
export { type ChatModelOptions, createChatModel } from "./create-chat-model.js";
export {
  type CallModelOptions,
  type ModelCallResult,
  type ModelCallUsage,
  type RetryInfo,
  callModel,
} from "./call-model.js";
export { type RetryPolicy, type RetryClock, DEFAULT_RETRY_POLICY } from "./retry-policy.js";
export { type ProviderFault, type ProviderFaultKind, classifyProviderFault } from "./provider-fault.js";
export { type ExtractedCode, type ExtractCodeOptions, extractCode } from "./extract-code.js";
export { isTruncatedCode } from "./truncated-code.js";
export { type Price, priceOf, costOf, loadPriceOverrides } from "./pricing.js";
export { countTokens, countTextTokens } from "./count-tokens.js";
export { type ReportedUsage, readUsage } from "./read-usage.js";
export { type MessageInput, type PlainMessage, toBaseMessages } from "./to-messages.js";
export { withTemperature, supportsTemperature } from "./with-temperature.js";
