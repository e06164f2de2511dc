import type { Callbacks } from "@langchain/core/callbacks/manager";
import type { BaseChatModel } from "@langchain/core/language_models/chat_models";
import type { AIMessage, BaseMessage } from "@langchain/core/messages";
import { ModelProviderError } from "../errors/model-provider-error.js";
import { countTextTokens, countTokens } from "./count-tokens.js";
import { classifyProviderFault, type ProviderFault, type ProviderFaultKind } from "./provider-fault.js";
import { readUsage } from "./read-usage.js";
import { resolveRetryPolicy, retryDelay, type RetryPolicy } from "./retry-policy.js";
import { socketReason } from "./socket-reason.js";
import { modelTimeoutOf } from "./model-timeout.js";
import { type MessageInput, toBaseMessages } from "./to-messages.js";
import { withTemperature } from "./with-temperature.js";

/** Tokens one call used; `estimated` when the provider reported none and js-tiktoken counted. */
export interface ModelCallUsage {
  input: number;
  output: number;
  estimated?: true;
}

/** What one `callModel` returns: the reply text and what it cost. */
export interface ModelCallResult {
  text: string;
  usage: ModelCallUsage;
  /** The model that answered, as the provider names it. */
  model: string;
  /** Provider faults retried before this reply; never attempts of the caller's loop. */
  retries: number;
  /** Wall time of the whole call, waits between retries included. */
  durationMs: number;
  /** The provider's stop reason when it gave one (`length` means the reply was cut off). */
  finishReason?: string;
}

/** Reported to `onRetry` before each wait. */
export interface RetryInfo {
  /** 1 for the first retry. */
  attempt: number;
  delayMs: number;
  error: unknown;
  kind: ProviderFaultKind;
  status?: number;
}

export interface CallModelOptions {
  /** Sampling temperature for this call (ignored by models that take none). */
  temperature?: number;
  /** Aborts the call and any wait between retries; an abort is rethrown, never retried. */
  signal?: AbortSignal;
  retry?: RetryPolicy;
  onRetry?: (info: RetryInfo) => void;
  /** LangChain callbacks, passed to every try, so an error boundary can observe tokens. */
  callbacks?: Callbacks;
  /**
   * Limit on one whole try, reply body included; an expired try is a retryable timeout.
   * Default: the `timeoutMs` the model was built with by `createChatModel`, else none.
   */
  timeoutMs?: number;
}

const KEY_VARIABLES: Record<string, string> = { openai: "OPENAI_API_KEY", anthropic: "ANTHROPIC_API_KEY" };

/**
 * Calls a chat model once, retrying provider faults (429 with Retry-After honoured, 5xx,
 * connection resets, timeouts, malformed replies) with exponential backoff and jitter,
 * bounded in count and total time by the retry policy. After the bound, or on a fault that
 * retrying cannot fix (400, 401, 403, 404), throws ModelProviderError with the provider's
 * message and HTTP status.
 */
export async function callModel(
  model: BaseChatModel,
  messages: readonly MessageInput[],
  options: CallModelOptions = {},
): Promise<ModelCallResult> {
  const policy = resolveRetryPolicy(options.retry);
  const provider = model._llmType();
  const input = toBaseMessages(messages);
  const target = options.temperature === undefined ? model : withTemperature(model, options.temperature);
  const started = policy.clock.now();
  let retries = 0;

  for (;;) {
    options.signal?.throwIfAborted();
    let reply: AIMessage;
    try {
      reply = await invokeOnce(target, input, options, options.timeoutMs ?? modelTimeoutOf(target));
    } catch (error) {
      if (options.signal?.aborted) throw error;
      const fault = classifyProviderFault(error);
      if (!fault.retryable) throw refusal(fault, provider, modelNameOf(model), retries, error);
      if (retries >= policy.maxRetries) {
        throw new ModelProviderError(`${describeFault(provider, fault)}; ${gaveUp(retries)}.`, {
          provider,
          status: fault.status,
          retries,
          cause: error,
        });
      }
      const delayMs = retryDelay(policy, retries + 1, fault.retryAfterMs);
      const elapsed = policy.clock.now() - started;
      if (elapsed + delayMs > policy.maxElapsedMs) {
        const asked = fault.retryAfterMs === undefined ? "" : `, asked to wait ${seconds(fault.retryAfterMs)}`;
        throw new ModelProviderError(
          `${describeFault(provider, fault)}${asked}; ${gaveUp(retries)} in ${seconds(elapsed)} (retry time limit ${seconds(policy.maxElapsedMs)}).`,
          { provider, status: fault.status, retries, cause: error },
        );
      }
      retries += 1;
      options.onRetry?.({ attempt: retries, delayMs, error, kind: fault.kind, status: fault.status });
      await policy.clock.sleep(delayMs, options.signal);
      continue;
    }

    const text = reply.text;
    const reported = readUsage(reply);
    const modelName = modelNameOf(model, reply);
    const usage: ModelCallUsage = reported ?? {
      input: countTokens(input, modelName),
      output: countTextTokens(text, modelName),
      estimated: true,
    };
    const finishReason = finishReasonOf(reply);
    return {
      text,
      usage,
      model: modelName,
      retries,
      durationMs: Math.round(policy.clock.now() - started),
      ...(finishReason === undefined ? {} : { finishReason }),
    };
  }
}

async function invokeOnce(
  model: BaseChatModel,
  input: BaseMessage[],
  options: CallModelOptions,
  timeoutMs: number | undefined,
): Promise<AIMessage> {
  if (timeoutMs === undefined) {
    return (await untilAborted(model.invoke(input, { signal: options.signal, callbacks: options.callbacks }), options.signal)) as AIMessage;
  }
  const timer = new AbortController();
  const timeout = setTimeout(() => timer.abort(), timeoutMs);
  const signal = options.signal ? AbortSignal.any([options.signal, timer.signal]) : timer.signal;
  try {
    return (await untilAborted(model.invoke(input, { signal, callbacks: options.callbacks }), signal)) as AIMessage;
  } catch (error) {
    if (timer.signal.aborted && !options.signal?.aborted) {
      const expired = new Error(`no complete reply within ${timeoutMs} ms`, { cause: error });
      expired.name = "TimeoutError";
      throw expired;
    }
    throw error;
  } finally {
    clearTimeout(timeout);
  }
}

/**
 * `work`, or the signal's reason as soon as it fires. Not every provider stops on the signal:
 * ChatOllama looks at it only between stream chunks, so a request that hangs before the first
 * one would outlive its timeout and the caller's abort alike.
 */
function untilAborted<T>(work: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (signal === undefined) return work;
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    if (signal.aborted) {
      onAbort();
      return;
    }
    signal.addEventListener("abort", onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener("abort", onAbort));
  });
}

/** A fault retrying cannot fix, worded for the person who has to fix it. */
function refusal(fault: ProviderFault, provider: string, model: string, retries: number, cause: unknown): ModelProviderError {
  const status = fault.status === undefined ? "" : ` (HTTP ${fault.status})`;
  let message: string;
  switch (fault.kind) {
    case "auth": {
      const variable = KEY_VARIABLES[provider];
      const check = variable ? `check ${variable}` : "check the API key";
      message = `${provider} rejected the API key${status}: ${fault.message} - ${check}`;
      break;
    }
    case "not_found":
      message = `${provider} does not know the model "${model}"${status}: ${fault.message}`;
      break;
    case "bad_request":
      message = `${provider} refused the request${status}: ${fault.message}`;
      break;
    default:
      message = `${provider} call failed: ${fault.message}`;
  }
  return new ModelProviderError(message, { provider, status: fault.status, retries, cause });
}

/**
 * What kept going wrong, as the start of one sentence: a connection fault names the host and
 * the socket's own reason; every other fault keeps the provider's message.
 */
function describeFault(provider: string, fault: ProviderFault): string {
  if (fault.kind === "connection" && fault.socket) return `${provider} ${describeSocket(fault.socket)}`;
  return `${provider} ${describe(fault)} (${fault.message.replace(/[.\s]+$/, "")})`;
}

function describeSocket({ code, where }: { code: string; where?: string }): string {
  const target = where ?? "the server";
  const reason = `(${socketReason(code)}, ${code})`;
  return /^(ECONNRESET|EPIPE|ECONNABORTED|UND_ERR_SOCKET|UND_ERR_CLOSED)$/.test(code)
    ? `kept losing the connection to ${target} ${reason}`
    : `could not connect to ${target} ${reason}`;
}

function gaveUp(retries: number): string {
  return retries === 0 ? "no retries allowed" : `gave up after ${retries} ${retries === 1 ? "retry" : "retries"}`;
}

function describe(fault: ProviderFault): string {
  switch (fault.kind) {
    case "rate_limit":
      return "kept rate-limiting (HTTP 429)";
    case "server":
      return `kept failing (HTTP ${fault.status})`;
    case "timeout":
      return "kept timing out";
    case "connection":
      return "kept dropping the connection";
    case "malformed":
      return "kept sending malformed replies";
    default:
      return "kept failing";
  }
}

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}

function modelNameOf(model: BaseChatModel, reply?: AIMessage): string {
  const metadata = (reply?.response_metadata ?? {}) as Record<string, unknown>;
  for (const value of [metadata.model_name, metadata.model]) {
    if (typeof value === "string" && value !== "") return value;
  }
  const fields = model as unknown as { model?: unknown; modelPath?: unknown };
  if (typeof fields.model === "string") return fields.model;
  if (typeof fields.modelPath === "string") return fields.modelPath;
  return model._llmType();
}

function finishReasonOf(reply: AIMessage): string | undefined {
  const metadata = (reply.response_metadata ?? {}) as Record<string, unknown>;
  for (const value of [metadata.finish_reason, metadata.stop_reason, metadata.done_reason]) {
    if (typeof value === "string" && value !== "") return value;
  }
  return undefined;
}
