import { ChatAnthropic } from "@langchain/anthropic";
import type { BaseChatModel } from "@langchain/core/language_models/chat_models";
import { ChatOllama } from "@langchain/ollama";
import { ChatOpenAI } from "@langchain/openai";
import { UsageError } from "../errors/usage-error.js";
import { loadLlamaChatModel } from "./llama-chat-model.js";
import type { ModelSpec } from "./model-spec.js";
import { registerModelTimeout } from "./model-timeout.js";
import { registerTemperatureVariants } from "./with-temperature.js";

/** Settings for building a chat model; each falls back to the provider's environment variables. */
export interface ChatModelOptions {
  /** Base URL of an OpenAI-compatible server (`--base-url`); wins over `OPENAI_BASE_URL`. */
  baseUrl?: string;
  temperature?: number;
  /** Cap on output tokens per call. Anthropic requires one; default 4096 there. */
  maxOutputTokens?: number;
  /**
   * Limit on one request, reply body included, after which it fails as a (retryable) timeout.
   * Default 180 s for hosted providers, 600 s for Ollama (local models can be slow).
   */
  timeoutMs?: number;
  /** Where settings are read from; default `process.env`. */
  env?: NodeJS.ProcessEnv;
}

const HOSTED_TIMEOUT_MS = 180_000;
const LOCAL_TIMEOUT_MS = 600_000;
const ANTHROPIC_DEFAULT_MAX_TOKENS = 4096;
const OPENAI_DEFAULT_BASE_URL = "https://api.openai.com/v1";
const ANTHROPIC_DEFAULT_BASE_URL = "https://api.anthropic.com";
const OLLAMA_DEFAULT_HOST = "http://127.0.0.1:11434";

/**
 * Builds the LangChain chat model a spec names, or `null` for `offline`.
 *
 * LangChain's own retries are switched off (`maxRetries: 0`): `callModel` owns retries so
 * that they stay bounded, observable and never counted as attempts. Every setting is
 * passed explicitly, so `options.env` fully decides what is used.
 *
 * Throws UsageError for a missing API key, a missing GGUF file or a missing node-llama-cpp.
 */
export async function createChatModel(spec: ModelSpec, options: ChatModelOptions = {}): Promise<BaseChatModel | null> {
  switch (spec.provider) {
    case "offline":
      return null;
    case "llama":
      return loadLlamaChatModel(spec.modelPath, {
        temperature: options.temperature,
        maxOutputTokens: options.maxOutputTokens,
      });
    default: {
      const timeoutMs = options.timeoutMs ?? (spec.provider === "ollama" ? LOCAL_TIMEOUT_MS : HOSTED_TIMEOUT_MS);
      const build = (temperature: number | undefined) => {
        const model = buildRemoteModel(spec, { ...options, temperature, timeoutMs });
        registerModelTimeout(model, timeoutMs);
        return model;
      };
      const model = build(options.temperature);
      if (!(spec.provider === "openai" && isOpenAIReasoningModel(spec.model))) registerTemperatureVariants(model, build);
      return model;
    }
  }
}

type RemoteSpec = Extract<ModelSpec, { provider: "openai" | "anthropic" | "ollama" }>;

/** Where a hosted or local model server is, and which setting named it (for the advice when it cannot be reached). */
export interface ModelServer {
  url: string;
  /** `--base-url`, an environment variable, or undefined for the provider's own default. */
  setting?: string;
}

/** The server a spec's client will talk to, read from the same settings `createChatModel` uses. */
export function modelServerOf(spec: ModelSpec, options: Pick<ChatModelOptions, "baseUrl" | "env"> = {}): ModelServer | undefined {
  const env = options.env ?? process.env;
  switch (spec.provider) {
    case "openai": {
      if (nonEmpty(options.baseUrl)) return { url: nonEmpty(options.baseUrl) as string, setting: "--base-url" };
      if (nonEmpty(env.OPENAI_BASE_URL)) return { url: nonEmpty(env.OPENAI_BASE_URL) as string, setting: "OPENAI_BASE_URL" };
      return { url: OPENAI_DEFAULT_BASE_URL };
    }
    case "anthropic":
      return nonEmpty(env.ANTHROPIC_BASE_URL)
        ? { url: nonEmpty(env.ANTHROPIC_BASE_URL) as string, setting: "ANTHROPIC_BASE_URL" }
        : { url: ANTHROPIC_DEFAULT_BASE_URL };
    case "ollama":
      return { url: ollamaBaseUrl(nonEmpty(env.OLLAMA_HOST)), setting: "OLLAMA_HOST" };
    default:
      return undefined;
  }
}

function buildRemoteModel(spec: RemoteSpec, options: ChatModelOptions & { timeoutMs: number }): BaseChatModel {
  const env = options.env ?? process.env;
  switch (spec.provider) {
    case "openai": {
      const server = modelServerOf(spec, options);
      const baseUrl = server?.setting ? server.url : undefined;
      let apiKey = nonEmpty(env.OPENAI_API_KEY);
      if (apiKey === undefined) {
        if (baseUrl === undefined) {
          throw new UsageError(
            `openai:${spec.model} needs an API key: set OPENAI_API_KEY, or point --base-url / OPENAI_BASE_URL at an OpenAI-compatible server`,
            { code: "missing_api_key" },
          );
        }
        // Local OpenAI-compatible servers (llama.cpp, vLLM, LM Studio) usually accept any key,
        // but the client refuses to send a request without one.
        apiKey = "not-needed";
      }
      return new ChatOpenAI({
        model: spec.model,
        apiKey,
        configuration: { baseURL: baseUrl ?? OPENAI_DEFAULT_BASE_URL },
        // Reasoning models reject any temperature but the default.
        temperature: isOpenAIReasoningModel(spec.model) ? undefined : options.temperature,
        maxTokens: options.maxOutputTokens,
        timeout: options.timeoutMs,
        maxRetries: 0,
      });
    }
    case "anthropic": {
      const apiKey = nonEmpty(env.ANTHROPIC_API_KEY);
      if (apiKey === undefined) {
        throw new UsageError(`anthropic:${spec.model} needs an API key: set ANTHROPIC_API_KEY`, {
          code: "missing_api_key",
        });
      }
      return new ChatAnthropic({
        model: spec.model,
        apiKey,
        anthropicApiUrl: modelServerOf(spec, options)?.url,
        temperature: options.temperature,
        maxTokens: options.maxOutputTokens ?? ANTHROPIC_DEFAULT_MAX_TOKENS,
        clientOptions: { timeout: options.timeoutMs },
        maxRetries: 0,
      });
    }
    case "ollama": {
      const { timeoutMs } = options;
      return new ChatOllama({
        model: spec.model,
        baseUrl: modelServerOf(spec, options)?.url,
        temperature: options.temperature,
        numPredict: options.maxOutputTokens,
        maxRetries: 0,
        // ChatOllama has no timeout setting; a timed signal on each request gives it one.
        fetch: (input, init) =>
          fetch(input, {
            ...init,
            signal: init?.signal
              ? AbortSignal.any([init.signal, AbortSignal.timeout(timeoutMs)])
              : AbortSignal.timeout(timeoutMs),
          }),
      });
    }
  }
}

/** o-series and gpt-5 (except the chat variants) take no temperature, as LangChain also assumes. */
function isOpenAIReasoningModel(model: string): boolean {
  return /^o\d/.test(model) || (model.startsWith("gpt-5") && !model.startsWith("gpt-5-chat"));
}

function nonEmpty(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed === undefined || trimmed === "" ? undefined : trimmed;
}

/** OLLAMA_HOST is often written as `host:port` or `0.0.0.0`, as the Ollama CLI accepts. */
function ollamaBaseUrl(host: string | undefined): string {
  if (host === undefined) return OLLAMA_DEFAULT_HOST;
  const withScheme = /^https?:\/\//i.test(host) ? host : `http://${host}`;
  const url = new URL(withScheme);
  if (url.hostname === "0.0.0.0") url.hostname = "127.0.0.1";
  if (url.protocol === "http:" && url.port === "" && !/^http:\/\/[^/]+:\d+/i.test(withScheme)) url.port = "11434";
  return url.toString().replace(/\/$/, "");
}
