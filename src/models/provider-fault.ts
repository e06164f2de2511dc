import { parseRetryAfter } from "./retry-after.js";

/** What kind of failure a provider call ended with, read from the error the client threw. */
export type ProviderFaultKind =
  | "rate_limit"
  | "server"
  | "connection"
  | "timeout"
  | "malformed"
  | "auth"
  | "bad_request"
  | "not_found"
  | "other";

/** A classified provider failure: whether to retry it, and what to tell the user. */
export interface ProviderFault {
  kind: ProviderFaultKind;
  retryable: boolean;
  status?: number;
  /** The provider's own message, without SDK decoration. */
  message: string;
  /** How long the provider asked us to wait (Retry-After), in ms. */
  retryAfterMs?: number;
  /** For connection faults: the socket error at the root (`ECONNREFUSED`...) and where it happened. */
  socket?: { code: string; where?: string };
}

const CONNECTION_CODES = new Set([
  "ECONNRESET",
  "ECONNREFUSED",
  "ECONNABORTED",
  "EPIPE",
  "ETIMEDOUT",
  "EAI_AGAIN",
  "ENOTFOUND",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "UND_ERR_SOCKET",
  "UND_ERR_CLOSED",
  "UND_ERR_CONNECT_TIMEOUT",
]);

/**
 * Classifies an error thrown by a LangChain chat model (OpenAI, Anthropic and Ollama
 * clients, or fetch itself). The SDKs differ in shapes, so this reads several: `status` /
 * `status_code`, `headers` (a Headers object or a plain record), error class names, and the
 * `cause` chain for socket error codes.
 */
export function classifyProviderFault(error: unknown, now: number = Date.now()): ProviderFault {
  // `now` is wall-clock time: a Retry-After HTTP date is absolute.
  const message = providerMessage(error);
  const status = statusOf(error);

  if (status !== undefined) {
    if (status === 429) return { kind: "rate_limit", retryable: true, status, message, retryAfterMs: retryAfterOf(error, now) };
    if (status === 401 || status === 403) return { kind: "auth", retryable: false, status, message };
    if (status === 404) return { kind: "not_found", retryable: false, status, message };
    if (status === 408 || status === 409 || status >= 500) {
      return { kind: "server", retryable: true, status, message, retryAfterMs: retryAfterOf(error, now) };
    }
    return { kind: "bad_request", retryable: false, status, message };
  }
  const chain = causeChain(error);
  if (chain.some(isTimeout)) return { kind: "timeout", retryable: true, message };
  if (chain.some(isMalformedReply)) return { kind: "malformed", retryable: true, message };
  if (chain.some(isConnectionFailure)) {
    // "Connection error." alone does not say which; the socket error at the root does.
    const root = chain[chain.length - 1];
    const detail = root !== error && root instanceof Error && root.message !== message ? ` (${root.message})` : "";
    const socket = socketOf(chain);
    return { kind: "connection", retryable: true, message: message + detail, ...(socket ? { socket } : {}) };
  }
  return { kind: "other", retryable: false, message };
}

function statusOf(error: unknown): number | undefined {
  for (const link of causeChain(error)) {
    const record = link as Record<string, unknown>;
    for (const value of [record.status, record.status_code, (record.response as Record<string, unknown> | undefined)?.status]) {
      if (typeof value === "number" && value >= 400 && value < 600) return value;
    }
  }
  return undefined;
}

function retryAfterOf(error: unknown, now: number): number | undefined {
  const headers = (error as { headers?: unknown }).headers;
  const read = (name: string): string | undefined => {
    if (headers === null || typeof headers !== "object") return undefined;
    if (typeof (headers as Headers).get === "function") return (headers as Headers).get(name) ?? undefined;
    const value = (headers as Record<string, unknown>)[name];
    return typeof value === "string" ? value : undefined;
  };
  return parseRetryAfter({ retryAfter: read("retry-after"), retryAfterMs: read("retry-after-ms") }, now);
}

function isTimeout(link: unknown): boolean {
  const record = link as { name?: unknown; code?: unknown; constructor?: { name?: string } };
  return (
    record.name === "TimeoutError" ||
    record.constructor?.name === "APIConnectionTimeoutError" ||
    record.code === "UND_ERR_HEADERS_TIMEOUT" ||
    record.code === "UND_ERR_BODY_TIMEOUT"
  );
}

/**
 * A 200 whose body does not parse. The OpenAI and Anthropic SDKs let JSON.parse's
 * SyntaxError through; the Ollama client skips unparsable lines and then misses the last one.
 */
function isMalformedReply(link: unknown): boolean {
  if (link instanceof SyntaxError) return true;
  return link instanceof Error && /did not receive done or success response in stream/i.test(link.message);
}

function isConnectionFailure(link: unknown): boolean {
  const record = link as { code?: unknown; message?: unknown; constructor?: { name?: string } };
  if (typeof record.code === "string" && CONNECTION_CODES.has(record.code)) return true;
  if (record.constructor?.name === "APIConnectionError") return true;
  return typeof record.message === "string" && /fetch failed|socket hang up|other side closed|\bterminated\b/i.test(record.message);
}

/** The first socket error code in the chain, with the address and port (or host name) it names. */
function socketOf(chain: unknown[]): ProviderFault["socket"] {
  for (const link of chain) {
    const record = link as { code?: unknown; address?: unknown; port?: unknown; hostname?: unknown };
    if (typeof record.code !== "string" || !CONNECTION_CODES.has(record.code)) continue;
    const where =
      typeof record.address === "string"
        ? typeof record.port === "number"
          ? `${record.address.includes(":") ? `[${record.address}]` : record.address}:${record.port}`
          : record.address
        : typeof record.hostname === "string"
          ? record.hostname
          : undefined;
    return { code: record.code, ...(where ? { where } : {}) };
  }
  return undefined;
}

function causeChain(error: unknown): unknown[] {
  const chain: unknown[] = [];
  let link: unknown = error;
  while (link !== null && typeof link === "object" && chain.length < 8 && !chain.includes(link)) {
    chain.push(link);
    link = (link as { cause?: unknown }).cause;
  }
  return chain;
}

/**
 * The provider's own words: OpenAI puts them in `error.message`, Anthropic in
 * `error.error.message`, Ollama in `error`; LangChain appends a troubleshooting URL we drop.
 */
function providerMessage(error: unknown): string {
  const record = (error ?? {}) as Record<string, unknown>;
  const body = record.error as Record<string, unknown> | string | undefined;
  if (typeof body === "string" && body.trim() !== "") return body.trim();
  if (body && typeof body === "object") {
    if (typeof body.message === "string") return body.message;
    const inner = body.error as Record<string, unknown> | undefined;
    if (inner && typeof inner.message === "string") return inner.message;
  }
  const text = error instanceof Error ? error.message : String(error);
  return text.replace(/\s*Troubleshooting URL:.*$/s, "").trim();
}
