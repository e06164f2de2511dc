import { describe, expect, it } from "vitest";
import { classifyProviderFault } from "./provider-fault.js";
import { parseRetryAfter } from "./retry-after.js";

/** Errors shaped as the SDKs throw them (status, headers, nested causes). */
function httpError(status: number, body: unknown, headers: Record<string, string> = {}) {
  return Object.assign(new Error(`${status} ${JSON.stringify(body)}`), { status, error: body, headers: new Headers(headers) });
}

describe("classifyProviderFault", () => {
  it("retries rate limits and server errors, reading Retry-After", () => {
    expect(classifyProviderFault(httpError(429, { message: "slow down" }, { "retry-after": "4" }))).toEqual({
      kind: "rate_limit",
      retryable: true,
      status: 429,
      message: "slow down",
      retryAfterMs: 4_000,
    });
    expect(classifyProviderFault(httpError(529, { type: "error", error: { type: "overloaded_error", message: "Overloaded" } }))).toMatchObject({
      kind: "server",
      retryable: true,
      message: "Overloaded",
    });
    expect(classifyProviderFault(httpError(408, {})).retryable).toBe(true);
  });

  it("does not retry what retrying cannot fix", () => {
    expect(classifyProviderFault(httpError(401, { message: "bad key" }))).toMatchObject({ kind: "auth", retryable: false });
    expect(classifyProviderFault(httpError(403, {}))).toMatchObject({ kind: "auth", retryable: false });
    expect(classifyProviderFault(httpError(404, {}))).toMatchObject({ kind: "not_found", retryable: false });
    expect(classifyProviderFault(httpError(400, {}))).toMatchObject({ kind: "bad_request", retryable: false });
    expect(classifyProviderFault(new TypeError("x is not a function"))).toMatchObject({ kind: "other", retryable: false });
  });

  it("reads Ollama's status_code and plain-string error", () => {
    const error = Object.assign(new Error("model 'qwen' not found"), { name: "ResponseError", error: "model 'qwen' not found", status_code: 404 });
    expect(classifyProviderFault(error)).toMatchObject({ kind: "not_found", status: 404, message: "model 'qwen' not found" });
  });

  it("finds socket failures in the cause chain", () => {
    const reset = new TypeError("fetch failed", { cause: Object.assign(new Error("read ECONNRESET"), { code: "ECONNRESET" }) });
    expect(classifyProviderFault(reset)).toMatchObject({ kind: "connection", retryable: true });
    const refused = new TypeError("fetch failed", { cause: Object.assign(new Error("connect"), { code: "ECONNREFUSED" }) });
    expect(classifyProviderFault(refused).kind).toBe("connection");
  });

  it("recognises timeouts and malformed bodies", () => {
    expect(classifyProviderFault(new DOMException("The operation was aborted due to timeout", "TimeoutError")).kind).toBe("timeout");
    expect(classifyProviderFault(new SyntaxError("Unterminated string in JSON at position 12"))).toMatchObject({
      kind: "malformed",
      retryable: true,
    });
  });

  it("drops LangChain's troubleshooting link from the message", () => {
    const error = new Error("Something broke\n\nTroubleshooting URL: https://docs.langchain.com/x/");
    expect(classifyProviderFault(error).message).toBe("Something broke");
  });
});

describe("parseRetryAfter", () => {
  const now = Date.parse("2026-01-01T00:00:00Z");

  it("reads seconds, HTTP dates and retry-after-ms", () => {
    expect(parseRetryAfter({ retryAfter: "2" }, now)).toBe(2_000);
    expect(parseRetryAfter({ retryAfter: "0.5" }, now)).toBe(500);
    expect(parseRetryAfter({ retryAfter: "Thu, 01 Jan 2026 00:00:30 GMT" }, now)).toBe(30_000);
    expect(parseRetryAfter({ retryAfter: "Wed, 31 Dec 2025 23:00:00 GMT" }, now)).toBe(0);
    expect(parseRetryAfter({ retryAfter: "9", retryAfterMs: "1200" }, now)).toBe(1_200);
  });

  it("ignores absent or unreadable values", () => {
    expect(parseRetryAfter({}, now)).toBeUndefined();
    expect(parseRetryAfter({ retryAfter: "soon" }, now)).toBeUndefined();
    expect(parseRetryAfter({ retryAfter: "-3" }, now)).toBeUndefined();
  });
});
