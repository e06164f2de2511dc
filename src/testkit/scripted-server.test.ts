import { ChatAnthropic } from "@langchain/anthropic";
import { ChatOpenAI } from "@langchain/openai";
import OpenAI from "openai";
import { afterEach, describe, expect, it } from "vitest";
import { type ScriptedServer, startScriptedServer } from "./scripted-server.js";

let server: ScriptedServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

function openai(url: string): OpenAI {
  return new OpenAI({ apiKey: "test", baseURL: url, maxRetries: 0, timeout: 2_000 });
}

async function rejectionOf(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error("expected a rejection");
}

/** A callback handler that asks LangChain to stream, as LangGraph's "messages" mode does. */
function streamingHandler(tokens: string[]) {
  return { lc_prefer_streaming: true, handleLLMNewToken: (token: string) => void tokens.push(token) };
}

describe("startScriptedServer", () => {
  it("answers chat completions in order and records what was asked", async () => {
    server = await startScriptedServer([{ reply: "one", usage: { input: 3, output: 1 } }, { reply: "two" }]);
    const client = openai(server.url);
    const first = await client.chat.completions.create({
      model: "gpt-4o-mini",
      temperature: 0.3,
      max_tokens: 100,
      messages: [
        { role: "system", content: "sys" },
        { role: "user", content: [{ type: "text", text: "part a " }, { type: "text", text: "part b" }] },
      ],
    });
    expect(first.choices[0].message.content).toBe("one");
    expect(first.usage).toMatchObject({ prompt_tokens: 3, completion_tokens: 1, total_tokens: 4 });
    expect(server.remaining()).toBe(1);
    const second = await client.chat.completions.create({ model: "m", messages: [{ role: "user", content: "x" }] });
    expect(second.choices[0].message.content).toBe("two");
    expect(second.usage?.completion_tokens).toBeGreaterThan(0);
    expect(server.remaining()).toBe(0);
    expect(server.requests[0]).toMatchObject({
      api: "openai",
      path: "/v1/chat/completions",
      model: "gpt-4o-mini",
      temperature: 0.3,
      maxTokens: 100,
      stream: false,
      messages: [
        { role: "system", content: "sys" },
        { role: "user", content: "part a part b" },
      ],
    });
  });

  it("streams SSE chunks with a final usage chunk", async () => {
    server = await startScriptedServer([{ reply: "a reply long enough to need several chunks", usage: { input: 8, output: 9 } }]);
    const stream = await openai(server.url).chat.completions.create({
      model: "m",
      messages: [{ role: "user", content: "x" }],
      stream: true,
      stream_options: { include_usage: true },
    });
    let text = "";
    let chunks = 0;
    let usage: unknown;
    let finish: string | null = null;
    for await (const chunk of stream) {
      chunks += 1;
      text += chunk.choices[0]?.delta.content ?? "";
      finish = chunk.choices[0]?.finish_reason ?? finish;
      if (chunk.usage) usage = chunk.usage;
    }
    expect(text).toBe("a reply long enough to need several chunks");
    expect(chunks).toBeGreaterThan(3);
    expect(finish).toBe("stop");
    expect(usage).toMatchObject({ prompt_tokens: 8, completion_tokens: 9 });
  });

  it("serves LangChain's streaming path with usage", async () => {
    server = await startScriptedServer([{ reply: "streamed through langchain", usage: { input: 5, output: 4 } }]);
    const model = new ChatOpenAI({ model: "gpt-4o-mini", apiKey: "test", configuration: { baseURL: server.url }, maxRetries: 0 });
    const tokens: string[] = [];
    const reply = await model.invoke("x", { callbacks: [streamingHandler(tokens)] });
    expect(server.requests[0].stream).toBe(true);
    expect(reply.text).toBe("streamed through langchain");
    expect(tokens.join("")).toBe("streamed through langchain");
    expect(reply.usage_metadata).toMatchObject({ input_tokens: 5, output_tokens: 4 });
  });

  it("speaks Anthropic's messages protocol, plain and streaming", async () => {
    server = await startScriptedServer([
      { reply: "plain", usage: { input: 6, output: 1 } },
      { reply: "streamed anthropic reply", usage: { input: 7, output: 3 } },
      { status: 429, retryAfter: 3 },
    ]);
    const model = new ChatAnthropic({ model: "claude-sonnet-4-5", apiKey: "test", anthropicApiUrl: server.anthropicUrl, maxRetries: 0 });
    const plain = await model.invoke([{ role: "system", content: "be brief" }, { role: "user", content: "x" }]);
    expect(plain.text).toBe("plain");
    expect(plain.usage_metadata).toMatchObject({ input_tokens: 6, output_tokens: 1 });
    const tokens: string[] = [];
    const streamed = await model.invoke("y", { callbacks: [streamingHandler(tokens)] });
    expect(streamed.text).toBe("streamed anthropic reply");
    expect(streamed.usage_metadata).toMatchObject({ input_tokens: 7, output_tokens: 3 });
    expect(server.requests.map((request) => [request.api, request.stream])).toEqual([
      ["anthropic", false],
      ["anthropic", true],
    ]);
    expect(server.requests[0].messages[0]).toEqual({ role: "system", content: "be brief" });
    const error = (await rejectionOf(model.invoke("z"))) as { status?: number; headers?: Headers };
    expect(error.status).toBe(429);
    expect(error.headers?.get("retry-after")).toBe("3");
  });

  it("speaks Ollama's chat protocol: NDJSON stream by default, one object when asked", async () => {
    server = await startScriptedServer([
      { reply: "streamed ollama reply text", usage: { input: 11, output: 5 } },
      { reply: "whole", usage: { input: 2, output: 1 }, finishReason: "length" },
    ]);
    const post = (body: unknown) => fetch(`${server!.ollamaUrl}/api/chat`, { method: "POST", body: JSON.stringify(body) });
    const streamed = await post({ model: "qwen", messages: [{ role: "user", content: "x" }], options: { temperature: 0.3, num_predict: 50 } });
    expect(streamed.headers.get("content-type")).toBe("application/x-ndjson");
    const lines = (await streamed.text()).trim().split("\n").map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines.length).toBeGreaterThan(2);
    expect(lines.map((line) => (line.message as { content: string }).content).join("")).toBe("streamed ollama reply text");
    expect(lines.at(-1)).toMatchObject({ done: true, done_reason: "stop", prompt_eval_count: 11, eval_count: 5 });
    const whole = (await (await post({ model: "qwen", messages: [], stream: false })).json()) as Record<string, unknown>;
    expect(whole).toMatchObject({ done: true, done_reason: "length", message: { content: "whole" } });
    expect(server.requests.map((request) => [request.api, request.stream, request.temperature, request.maxTokens])).toEqual([
      ["ollama", true, 0.3, 50],
      ["ollama", false, undefined, undefined],
    ]);
    const tags = (await (await fetch(`${server.ollamaUrl}/api/tags`)).json()) as { models: { name: string }[] };
    expect(tags.models[0].name).toBe("scripted");
  });

  it("replies with scripted errors in the provider's format, with Retry-After", async () => {
    server = await startScriptedServer([{ status: 429, retryAfter: 7 }, { status: 503, body: '{"error":{"message":"custom"}}' }]);
    const first = await fetch(`${server.url}/chat/completions`, { method: "POST", body: JSON.stringify({ messages: [] }) });
    expect(first.status).toBe(429);
    expect(first.headers.get("retry-after")).toBe("7");
    expect(((await first.json()) as { error: { message: string } }).error.message).toMatch(/Rate limit/);
    const second = await fetch(`${server.url}/chat/completions`, { method: "POST", body: JSON.stringify({ messages: [] }) });
    expect(second.status).toBe(503);
    expect(await second.text()).toBe('{"error":{"message":"custom"}}');
  });

  it("sends malformed JSON, resets connections and hangs on request", async () => {
    server = await startScriptedServer([{ malformed: true }, { reset: true }, { hang: true }]);
    const post = () => fetch(`${server!.url}/chat/completions`, { method: "POST", body: "{}", signal: AbortSignal.timeout(300) });
    const malformed = await post();
    expect(malformed.status).toBe(200);
    await expect(malformed.clone().json()).rejects.toThrow(SyntaxError);
    await expect(post()).rejects.toThrow(/fetch failed/);
    await expect(post()).rejects.toThrow(/aborted|timeout/i);
    expect(server.requests).toHaveLength(3);
  });

  it("fails loudly, without a retryable status, when the script runs out", async () => {
    server = await startScriptedServer([{ reply: "only" }]);
    const client = openai(server.url);
    await client.chat.completions.create({ model: "m", messages: [{ role: "user", content: "x" }] });
    const error = (await rejectionOf(client.chat.completions.create({ model: "m", messages: [{ role: "user", content: "x" }] }))) as {
      status: number;
      message: string;
    };
    expect(error.status).toBe(400);
    expect(error.message).toMatch(/script exhausted/);
  });

  it("repeats the last step when asked", async () => {
    server = await startScriptedServer([{ reply: "first" }, { reply: "again" }], { onExhausted: "repeat-last" });
    const client = openai(server.url);
    const texts: (string | null)[] = [];
    for (let i = 0; i < 4; i++) {
      const reply = await client.chat.completions.create({ model: "m", messages: [{ role: "user", content: "x" }] });
      texts.push(reply.choices[0].message.content);
    }
    expect(texts).toEqual(["first", "again", "again", "again"]);
  });

  it("lets a function script answer from the request", async () => {
    server = await startScriptedServer((request, index) => ({ reply: `#${index}: ${request.messages.at(-1)?.content}` }));
    const client = openai(server.url);
    const reply = await client.chat.completions.create({ model: "m", messages: [{ role: "user", content: "echo" }] });
    expect(reply.choices[0].message.content).toBe("#0: echo");
    expect(server.remaining()).toBe(Infinity);
  });

  it("lists a model and answers 404 elsewhere", async () => {
    server = await startScriptedServer([]);
    const models = await openai(server.url).models.list();
    expect(models.data.map((model) => model.id)).toEqual(["scripted"]);
    expect((await fetch(`${server.url}/embeddings`, { method: "POST", body: "{}" })).status).toBe(404);
  });

  it("closes even with a request hanging", async () => {
    server = await startScriptedServer([{ hang: true }]);
    const pending = fetch(`${server.url}/chat/completions`, { method: "POST", body: "{}" }).catch(() => "dropped");
    while (server.requests.length === 0) await new Promise((resolve) => setTimeout(resolve, 10));
    await server.close();
    server = undefined;
    expect(await pending).toBe("dropped");
  });
});
