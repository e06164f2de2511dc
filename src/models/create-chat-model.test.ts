import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ChatOllama } from "@langchain/ollama";
import { afterEach, describe, expect, it } from "vitest";
import { UsageError } from "../errors/usage-error.js";
import { type ScriptedServer, startScriptedServer } from "../testkit/scripted-server.js";
import { createChatModel } from "./create-chat-model.js";
import { withTemperature } from "./with-temperature.js";

let server: ScriptedServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function rejection(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error("expected a rejection");
}

describe("createChatModel", () => {
  it("returns null for offline", async () => {
    expect(await createChatModel({ provider: "offline" })).toBeNull();
  });

  it("talks to an OpenAI-compatible server at the base URL, with the key from the environment", async () => {
    server = await startScriptedServer([{ reply: "hello from the server", usage: { input: 12, output: 4 } }]);
    const model = await createChatModel(
      { provider: "openai", model: "gpt-4o-mini" },
      { baseUrl: server.url, temperature: 0.2, maxOutputTokens: 256, env: { OPENAI_API_KEY: "sk-test-123" } },
    );
    const reply = await model!.invoke([{ role: "user", content: "say hello" }]);
    expect(reply.text).toBe("hello from the server");
    expect(reply.usage_metadata).toMatchObject({ input_tokens: 12, output_tokens: 4 });
    const [request] = server.requests;
    expect(request.model).toBe("gpt-4o-mini");
    expect(request.temperature).toBe(0.2);
    expect(request.maxTokens).toBe(256);
    expect(request.messages).toEqual([{ role: "user", content: "say hello" }]);
    expect(request.headers.authorization).toBe("Bearer sk-test-123");
  });

  it("reads OPENAI_BASE_URL and needs no key when a base URL is set", async () => {
    server = await startScriptedServer([{ reply: "ok" }]);
    const model = await createChatModel({ provider: "openai", model: "local" }, { env: { OPENAI_BASE_URL: server.url } });
    expect((await model!.invoke("hi")).text).toBe("ok");
    expect(server.requests).toHaveLength(1);
  });

  it("reaches the scripted server through its env for every HTTP provider", async () => {
    server = await startScriptedServer((request) => ({ reply: `hello over ${request.api}` }));
    for (const spec of [
      { provider: "openai", model: "gpt-4o-mini" },
      { provider: "anthropic", model: "claude-3-5-haiku-latest" },
      { provider: "ollama", model: "qwen2.5-coder" },
    ] as const) {
      const model = await createChatModel(spec, { env: server.env });
      expect((await model!.invoke("hi")).text).toBe(`hello over ${spec.provider}`);
    }
    expect(server.requests.map((request) => request.api)).toEqual(["openai", "anthropic", "ollama"]);
  });

  it("asks for OPENAI_API_KEY when there is neither a key nor a base URL", async () => {
    const error = await rejection(createChatModel({ provider: "openai", model: "gpt-4o" }, { env: {} }));
    expect(UsageError.isInstance(error)).toBe(true);
    expect(error.message).toMatch(/set OPENAI_API_KEY/);
  });

  it("asks for ANTHROPIC_API_KEY when it is missing", async () => {
    const error = await rejection(createChatModel({ provider: "anthropic", model: "claude-sonnet-4-5" }, { env: {} }));
    expect(UsageError.isInstance(error)).toBe(true);
    expect(error.message).toMatch(/set ANTHROPIC_API_KEY/);
  });

  it("talks to an Anthropic-compatible server at ANTHROPIC_BASE_URL", async () => {
    server = await startScriptedServer([{ reply: "bonjour", usage: { input: 9, output: 2 } }]);
    const model = await createChatModel(
      { provider: "anthropic", model: "claude-sonnet-4-5" },
      { env: { ANTHROPIC_API_KEY: "sk-ant-test", ANTHROPIC_BASE_URL: server.anthropicUrl } },
    );
    const reply = await model!.invoke([
      { role: "system", content: "be brief" },
      { role: "user", content: "greet" },
    ]);
    expect(reply.text).toBe("bonjour");
    expect(reply.usage_metadata).toMatchObject({ input_tokens: 9, output_tokens: 2 });
    const [request] = server.requests;
    expect(request.api).toBe("anthropic");
    expect(request.maxTokens).toBe(4096);
    expect(request.messages).toEqual([
      { role: "system", content: "be brief" },
      { role: "user", content: "greet" },
    ]);
    expect(request.headers["x-api-key"]).toBe("sk-ant-test");
  });

  it("points Ollama at OLLAMA_HOST, written as the Ollama CLI accepts it", async () => {
    const cases: [string | undefined, string][] = [
      [undefined, "http://127.0.0.1:11434"],
      ["0.0.0.0", "http://127.0.0.1:11434"],
      ["gpu-box:11500", "http://gpu-box:11500"],
      ["https://ollama.example.com", "https://ollama.example.com"],
    ];
    for (const [host, expected] of cases) {
      const model = await createChatModel({ provider: "ollama", model: "qwen2.5-coder" }, { env: host ? { OLLAMA_HOST: host } : {} });
      expect(model).toBeInstanceOf(ChatOllama);
      expect((model as ChatOllama).baseUrl).toBe(expected);
    }
  });

  it("builds temperature variants that send the new temperature", async () => {
    server = await startScriptedServer([{ reply: "a" }, { reply: "b" }]);
    const model = await createChatModel(
      { provider: "openai", model: "gpt-4o" },
      { baseUrl: server.url, temperature: 0, env: {} },
    );
    await model!.invoke("x");
    const hotter = withTemperature(model!, 0.8);
    expect(withTemperature(model!, 0.8)).toBe(hotter);
    await hotter.invoke("x");
    expect(server.requests.map((request) => request.temperature)).toEqual([0, 0.8]);
  });

  it("sends no temperature to OpenAI reasoning models", async () => {
    server = await startScriptedServer([{ reply: "a" }]);
    const model = await createChatModel({ provider: "openai", model: "o3-mini" }, { baseUrl: server.url, temperature: 0.7, env: {} });
    expect(withTemperature(model!, 0.9)).toBe(model);
    await model!.invoke("x");
    expect(server.requests[0].temperature).toBeUndefined();
  });

  describe("llama", () => {
    let dir: string | undefined;
    afterEach(async () => {
      if (dir) await rm(dir, { recursive: true, force: true });
      dir = undefined;
    });

    it("says which file is missing", async () => {
      const error = await rejection(createChatModel({ provider: "llama", modelPath: "/nonexistent/model.gguf" }));
      expect(UsageError.isInstance(error)).toBe(true);
      expect(error.message).toContain("/nonexistent/model.gguf");
    });

    it("tells the user to install node-llama-cpp when it is absent", async () => {
      dir = await mkdtemp(join(tmpdir(), "mend-llama-"));
      const file = join(dir, "tiny.gguf");
      await writeFile(file, "GGUF");
      const error = await rejection(createChatModel({ provider: "llama", modelPath: file }));
      expect(UsageError.isInstance(error)).toBe(true);
      expect(error.message).toContain("npm install node-llama-cpp");
    });
  });
});
