import type { BaseChatModel } from "@langchain/core/language_models/chat_models";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ModelProviderError } from "../errors/model-provider-error.js";
import { type Script, type ScriptedServer, startScriptedServer } from "../testkit/scripted-server.js";
import { type CallModelOptions, callModel, type RetryInfo } from "./call-model.js";
import { createChatModel } from "./create-chat-model.js";
import type { RetryClock } from "./retry-policy.js";

let server: ScriptedServer | undefined;
afterEach(async () => {
  vi.useRealTimers();
  await server?.close();
  server = undefined;
});

// Seconds of margin: a reply on loopback is never this slow, even on a loaded machine. Tests
// about timeouts take the per-try timer in hand instead (`handTimers`).
async function scripted(script: Script, timeoutMs = 30_000): Promise<BaseChatModel> {
  server = await startScriptedServer(script);
  const model = await createChatModel({ provider: "openai", model: "gpt-4o-mini" }, { baseUrl: server.url, timeoutMs, env: {} });
  return model!;
}

/** A clock whose sleeps pass virtual time at once, recording each wait. */
function virtualClock(): RetryClock & { sleeps: number[] } {
  let now = 0;
  const sleeps: number[] = [];
  return {
    sleeps,
    now: () => now,
    sleep: async (ms) => {
      sleeps.push(ms);
      now += ms;
    },
  };
}

async function failure(promise: Promise<unknown>): Promise<ModelProviderError> {
  try {
    await promise;
  } catch (error) {
    if (ModelProviderError.isInstance(error)) return error as ModelProviderError;
    throw error;
  }
  throw new Error("expected a ModelProviderError");
}

const fast: CallModelOptions["retry"] = { baseDelayMs: 5, maxDelayMs: 20 };

/**
 * Puts `setTimeout` (the per-try timeouts of callModel and of the provider SDKs) in the test's
 * hand, so that a try times out when the test says and never because the machine is slow: a
 * reply that is on its way cannot time out, a hung one times out exactly once. The retry waits
 * go on the virtual clock; sockets, `setImmediate` and `Date` stay real.
 */
function handTimers(): { clock: ReturnType<typeof virtualClock>; expire: (requests: number, ms: number) => Promise<void> } {
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
  return {
    clock: virtualClock(),
    // Once request number `requests` reached the server and the client took in what the
    // server sent back (a few turns of the event loop: it sits in the loopback socket already),
    // `ms` pass for the timers.
    expire: async (requests, ms) => {
      await vi.waitFor(() => expect(server!.requests.length).toBeGreaterThanOrEqual(requests), { timeout: 30_000, interval: 5 });
      for (let turn = 0; turn < 20; turn++) await new Promise((resolve) => setImmediate(resolve));
      vi.advanceTimersByTime(ms);
    },
  };
}
const ask = [{ role: "user" as const, content: "write median()" }];

describe("callModel", () => {
  it("returns the reply text with the provider's reported usage", async () => {
    const model = await scripted([{ reply: "def median(xs): ...", usage: { input: 31, output: 7 } }]);
    const result = await callModel(model, [{ role: "system", content: "You write Python." }, ...ask]);
    expect(result.text).toBe("def median(xs): ...");
    expect(result.usage).toEqual({ input: 31, output: 7 });
    expect(result.retries).toBe(0);
    expect(result.model).toBe("gpt-4o-mini");
    expect(result.finishReason).toBe("stop");
    expect(result.durationMs).toBeGreaterThanOrEqual(0);
    expect(server!.requests[0].messages).toEqual([
      { role: "system", content: "You write Python." },
      { role: "user", content: "write median()" },
    ]);
  });

  it("estimates usage with js-tiktoken when the provider reports none, and says so", async () => {
    const model = await scripted([{ reply: "print('hello world')", usage: null }]);
    const result = await callModel(model, ask);
    expect(result.usage.estimated).toBe(true);
    expect(result.usage.input).toBeGreaterThan(3);
    expect(result.usage.output).toBeGreaterThan(2);
  });

  it("reports a reply cut by the token limit", async () => {
    const model = await scripted([{ reply: "def f(", finishReason: "length" }]);
    expect((await callModel(model, ask)).finishReason).toBe("length");
  });

  it("sends the call's temperature", async () => {
    const model = await scripted([{ reply: "a" }, { reply: "b" }]);
    await callModel(model, ask, { temperature: 0.9 });
    await callModel(model, ask);
    expect(server!.requests.map((request) => request.temperature)).toEqual([0.9, undefined]);
  });

  it("waits as long as a 429's Retry-After asks, then succeeds with one retry", async () => {
    const model = await scripted([{ status: 429, retryAfter: 2 }, { reply: "done" }]);
    const clock = virtualClock();
    const retries: RetryInfo[] = [];
    const result = await callModel(model, ask, { retry: { clock }, onRetry: (info) => retries.push(info) });
    expect(result.text).toBe("done");
    expect(result.retries).toBe(1);
    expect(clock.sleeps).toEqual([2_000]);
    expect(retries).toMatchObject([{ attempt: 1, delayMs: 2_000, kind: "rate_limit", status: 429 }]);
    expect(server!.requests).toHaveLength(2);
  });

  it("honours a real one-second Retry-After on the real clock", async () => {
    const model = await scripted([{ status: 429, retryAfter: 1 }, { reply: "done" }]);
    const started = Date.now();
    const result = await callModel(model, ask);
    expect(result.retries).toBe(1);
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    expect(result.durationMs).toBeGreaterThanOrEqual(950);
  });

  it("honours Retry-After given as an HTTP date", async () => {
    const model = await scripted([{ status: 429, retryAfter: new Date(Date.now() + 3_000).toUTCString() }, { reply: "ok" }]);
    const clock = virtualClock();
    await callModel(model, ask, { retry: { clock } });
    expect(clock.sleeps).toHaveLength(1);
    // HTTP dates have one-second resolution.
    expect(clock.sleeps[0]).toBeGreaterThan(1_000);
    expect(clock.sleeps[0]).toBeLessThanOrEqual(3_000);
  });

  it("caps a long Retry-After", async () => {
    const model = await scripted([{ status: 429, retryAfter: 3_600 }, { reply: "ok" }]);
    const clock = virtualClock();
    await callModel(model, ask, { retry: { clock, maxRetryAfterMs: 5_000, maxElapsedMs: 10_000 } });
    expect(clock.sleeps).toEqual([5_000]);
  });

  it("retries a 500 and a 503", async () => {
    const model = await scripted([{ status: 500 }, { status: 503 }, { reply: "ok" }]);
    const kinds: string[] = [];
    const result = await callModel(model, ask, { retry: fast, onRetry: (info) => kinds.push(`${info.kind}:${info.status}`) });
    expect(result.text).toBe("ok");
    expect(result.retries).toBe(2);
    expect(kinds).toEqual(["server:500", "server:503"]);
  });

  it("retries a request that never gets an answer once the client timeout fires", async () => {
    const model = await scripted([{ hang: true }, { reply: "ok" }], 200);
    const { clock, expire } = handTimers();
    const kinds: string[] = [];
    const call = callModel(model, ask, { retry: { clock }, onRetry: (info) => kinds.push(info.kind) });
    await expire(1, 200);
    const result = await call;
    expect(result.text).toBe("ok");
    expect(result.retries).toBe(1);
    expect(kinds).toEqual(["timeout"]);
  });

  it("applies its own per-try timeout too", async () => {
    const model = await scripted([{ hang: true }, { reply: "ok" }], 60_000);
    const { clock, expire } = handTimers();
    const kinds: string[] = [];
    const call = callModel(model, ask, { timeoutMs: 150, retry: { clock }, onRetry: (info) => kinds.push(info.kind) });
    // Past its own limit, far from the client's.
    await expire(1, 150);
    const result = await call;
    expect(result.text).toBe("ok");
    expect(kinds).toEqual(["timeout"]);
  });

  it("retries a 200 whose body is not valid JSON", async () => {
    const model = await scripted([{ malformed: true }, { reply: "ok" }]);
    const kinds: string[] = [];
    const result = await callModel(model, ask, { retry: fast, onRetry: (info) => kinds.push(info.kind) });
    expect(result.text).toBe("ok");
    expect(kinds).toEqual(["malformed"]);
  });

  it("retries a reset connection", async () => {
    const model = await scripted([{ reset: true }, { reply: "ok" }]);
    const kinds: string[] = [];
    const result = await callModel(model, ask, { retry: fast, onRetry: (info) => kinds.push(info.kind) });
    expect(result.text).toBe("ok");
    expect(kinds).toEqual(["connection"]);
  });

  it("gives up on a storm of 429s after maxRetries, with the provider's message and status", async () => {
    const model = await scripted(() => ({ status: 429 }));
    const clock = virtualClock();
    const error = await failure(callModel(model, ask, { retry: { ...fast, clock, maxRetries: 3 } }));
    expect(error.status).toBe(429);
    expect(error.retries).toBe(3);
    expect(error.provider).toBe("openai");
    expect(error.message).toContain("Rate limit reached");
    expect(server!.requests).toHaveLength(4);
    expect(clock.sleeps).toHaveLength(3);
  });

  it("gives up when the next wait would pass the time bound", async () => {
    const model = await scripted(() => ({ status: 429, retryAfter: 20 }));
    const clock = virtualClock();
    const error = await failure(callModel(model, ask, { retry: { clock, maxRetries: 10, maxElapsedMs: 45_000 } }));
    expect(clock.sleeps).toEqual([20_000, 20_000]);
    expect(error.retries).toBe(2);
    expect(error.message).toMatch(/retry time limit/);
  });

  it("backs off exponentially with jitter when no Retry-After is given", async () => {
    const model = await scripted(() => ({ status: 502 }));
    const clock = virtualClock();
    await failure(
      callModel(model, ask, { retry: { clock, random: () => 1, baseDelayMs: 100, maxDelayMs: 350, maxRetries: 4 } }),
    );
    expect(clock.sleeps).toEqual([100, 200, 350, 350]);
    const low = virtualClock();
    await failure(callModel(model, ask, { retry: { clock: low, random: () => 0, baseDelayMs: 100, maxRetries: 2 } }));
    expect(low.sleeps).toEqual([50, 100]);
  });

  it("does not retry a 401, and says to check the API key", async () => {
    const model = await scripted([{ status: 401 }, { reply: "never" }]);
    const error = await failure(callModel(model, ask, { retry: fast }));
    expect(error.status).toBe(401);
    expect(error.retries).toBe(0);
    expect(error.message).toMatch(/rejected the API key.*OPENAI_API_KEY/);
    expect(server!.requests).toHaveLength(1);
  });

  it("does not retry a 400 or a 404", async () => {
    for (const status of [400, 404]) {
      const model = await scripted([{ status }, { reply: "never" }]);
      const error = await failure(callModel(model, ask, { retry: fast }));
      expect(error.status).toBe(status);
      expect(server!.requests).toHaveLength(1);
      await server!.close();
      server = undefined;
    }
  });

  it("stops at once, without retrying, when the caller aborts", async () => {
    const model = await scripted([{ hang: true }, { reply: "never" }], 60_000);
    const controller = new AbortController();
    const call = callModel(model, ask, { signal: controller.signal, retry: fast });
    await vi.waitFor(() => expect(server!.requests).toHaveLength(1), { timeout: 30_000, interval: 5 });
    controller.abort();
    await expect(call).rejects.toThrow();
    expect(server!.requests).toHaveLength(1);
  });

  it("passes callbacks through to every try", async () => {
    const model = await scripted([{ status: 500 }, { reply: "ok", usage: { input: 5, output: 1 } }]);
    const ends: number[] = [];
    const errors: number[] = [];
    await callModel(model, ask, {
      retry: fast,
      callbacks: [
        {
          handleLLMEnd: (output) => {
            ends.push(output.generations.length);
          },
          handleLLMError: () => {
            errors.push(1);
          },
        },
      ],
    });
    expect(errors).toHaveLength(1);
    expect(ends).toHaveLength(1);
  });
});

describe("callModel with Ollama", () => {
  async function ollama(script: Script, timeoutMs = 30_000): Promise<BaseChatModel> {
    server = await startScriptedServer(script);
    const model = await createChatModel({ provider: "ollama", model: "qwen2.5-coder:7b" }, { timeoutMs, env: { OLLAMA_HOST: server.ollamaUrl } });
    return model!;
  }

  it("reads Ollama's reported counts", async () => {
    const model = await ollama([{ reply: "def f():\n    return 1\n", usage: { input: 40, output: 9 } }]);
    const result = await callModel(model, ask, { temperature: 0.4 });
    expect(result.text).toBe("def f():\n    return 1\n");
    expect(result.usage).toEqual({ input: 40, output: 9 });
    expect(result.finishReason).toBe("stop");
    expect(server!.requests[0]).toMatchObject({ api: "ollama", model: "qwen2.5-coder:7b", temperature: 0.4, stream: true });
  });

  it("retries Ollama's faults: 503, reset, hang, malformed stream", async () => {
    // Ollama's own limit is a real AbortSignal.timeout, out of the test's hand: it stays far off,
    // and callModel's per-try limit ends the hang.
    const model = await ollama([{ status: 503 }, { reset: true }, { hang: true }, { malformed: true }, { reply: "ok" }], 60_000);
    const { clock, expire } = handTimers();
    const kinds: string[] = [];
    const call = callModel(model, ask, { timeoutMs: 200, retry: { clock, maxRetries: 5 }, onRetry: (info) => kinds.push(info.kind) });
    await expire(3, 200);
    const result = await call;
    expect(result.text).toBe("ok");
    expect(kinds).toEqual(["server", "connection", "timeout", "malformed"]);
  });

  it("stops at once when the caller aborts, though Ollama's client does not look at the signal while it waits", async () => {
    const model = await ollama([{ hang: true }, { reply: "never" }], 60_000);
    const controller = new AbortController();
    const call = callModel(model, ask, { signal: controller.signal, retry: fast });
    await vi.waitFor(() => expect(server!.requests).toHaveLength(1), { timeout: 30_000, interval: 5 });
    controller.abort();
    await expect(call).rejects.toThrow(/abort/i);
    expect(server!.requests).toHaveLength(1);
  });

  it("does not retry a model Ollama does not have", async () => {
    const model = await ollama([{ status: 404, body: JSON.stringify({ error: "model 'qwen2.5-coder:7b' not found" }) }]);
    const error = await failure(callModel(model, ask, { retry: fast }));
    expect(error.status).toBe(404);
    expect(error.message).toContain("model 'qwen2.5-coder:7b' not found");
  });
});

describe("callModel with Anthropic", () => {
  it("honours Retry-After, retries overload (529) and reads the reported usage", async () => {
    server = await startScriptedServer([{ status: 429, retryAfter: 2 }, { status: 529 }, { reply: "done", usage: { input: 21, output: 3 } }]);
    const model = await createChatModel(
      { provider: "anthropic", model: "claude-3-5-haiku-latest" },
      { env: { ANTHROPIC_API_KEY: "sk-ant-test", ANTHROPIC_BASE_URL: server.anthropicUrl } },
    );
    const clock = virtualClock();
    const result = await callModel(model!, ask, { retry: { clock, random: () => 0, baseDelayMs: 100 } });
    expect(result).toMatchObject({ text: "done", usage: { input: 21, output: 3 }, retries: 2, model: "claude-3-5-haiku-latest" });
    expect(clock.sleeps).toEqual([2_000, 100]);
  });

  it("retries a malformed body, a reset and a stalled stream", async () => {
    server = await startScriptedServer([{ malformed: true }, { reset: true }, { reply: "half", stall: true }, { reply: "done" }]);
    const model = await createChatModel(
      { provider: "anthropic", model: "claude-sonnet-4-5" },
      { timeoutMs: 300, env: { ANTHROPIC_API_KEY: "sk-ant-test", ANTHROPIC_BASE_URL: server.anthropicUrl } },
    );
    const { clock, expire } = handTimers();
    const kinds: string[] = [];
    const call = callModel(model!, ask, { retry: { clock }, onRetry: (info) => kinds.push(info.kind) });
    await expire(3, 300);
    const result = await call;
    expect(result.text).toBe("done");
    expect(kinds).toEqual(["malformed", "connection", "timeout"]);
  });

  it("says to check ANTHROPIC_API_KEY on a 401", async () => {
    server = await startScriptedServer([{ status: 401 }]);
    const model = await createChatModel(
      { provider: "anthropic", model: "claude-sonnet-4-5" },
      { env: { ANTHROPIC_API_KEY: "bad", ANTHROPIC_BASE_URL: server.anthropicUrl } },
    );
    const error = await failure(callModel(model!, ask));
    expect(error.message).toMatch(/rejected the API key.*ANTHROPIC_API_KEY/);
    expect(error.message).not.toMatch(/\{"type"/);
  });
});

describe("callModel on a stalled reply", () => {
  it("times out a reply whose body stops half-way, plain or streamed, and retries", async () => {
    const model = await scripted([{ reply: "never complete", stall: true }, { reply: "x".repeat(400), stall: true }, { reply: "ok" }], 300);
    const { clock, expire } = handTimers();
    const kinds: string[] = [];
    const tokens: string[] = [];
    const call = callModel(model, ask, {
      retry: { clock },
      onRetry: (info) => kinds.push(info.kind),
      callbacks: [{ lc_prefer_streaming: true, handleLLMNewToken: (token: string) => void tokens.push(token) } as never],
    });
    await expire(1, 300);
    await expire(2, 300);
    const result = await call;
    expect(result.text).toBe("ok");
    expect(kinds).toEqual(["timeout", "timeout"]);
    expect(server!.requests.map((request) => request.stream)).toEqual([true, true, true]);
  });

  it("times out a stalled plain (non-streaming) reply", async () => {
    const model = await scripted([{ reply: "never complete", stall: true }, { reply: "ok" }], 300);
    const { clock, expire } = handTimers();
    const kinds: string[] = [];
    const call = callModel(model, ask, { retry: { clock }, onRetry: (info) => kinds.push(info.kind) });
    await expire(1, 300);
    const result = await call;
    expect(result.text).toBe("ok");
    expect(kinds).toEqual(["timeout"]);
    expect(server!.requests[0].stream).toBe(false);
  });
});

describe("callModel without a server", () => {
  it("retries a refused connection and names the socket error when it gives up", async () => {
    const probe = await startScriptedServer([]);
    const url = probe.url;
    await probe.close();
    const model = await createChatModel({ provider: "openai", model: "gpt-4o-mini" }, { baseUrl: url, env: {} });
    const error = await failure(callModel(model!, ask, { retry: { ...fast, maxRetries: 2 } }));
    expect(error.retries).toBe(2);
    expect(error.status).toBeUndefined();
    expect(error.message).toMatch(/ECONNREFUSED/);
    // One sentence: the host, the real cause, the retries said once.
    expect(error.message).toBe(`openai could not connect to ${new URL(url).host} (connection refused: nothing is listening there, ECONNREFUSED); gave up after 2 retries.`);
  });
});
