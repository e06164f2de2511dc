import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { callModel } from "./call-model.js";
import { type LlamaModule, loadLlamaChatModel } from "./llama-chat-model.js";
import { withTemperature } from "./with-temperature.js";

interface PromptCall {
  history: unknown[];
  prompt: string;
  temperature?: number;
  maxTokens?: number;
}

/**
 * A stand-in for node-llama-cpp with its v3 API shape: one context sequence that refuses a
 * second user while taken, a whitespace tokenizer, and replies that echo the prompt slowly.
 */
function fakeNodeLlamaCpp(calls: PromptCall[], loaded: string[]): LlamaModule {
  let sequenceTaken = false;
  class LlamaChatSession {
    private history: unknown[] = [];
    constructor(_options: { contextSequence: unknown }) {}
    setChatHistory(history: unknown[]) {
      this.history = history;
    }
    async prompt(text: string, options: { temperature?: number; maxTokens?: number; onTextChunk?: (chunk: string) => void }) {
      calls.push({ history: this.history, prompt: text, temperature: options.temperature, maxTokens: options.maxTokens });
      await new Promise((resolve) => setTimeout(resolve, 20));
      const reply = `echo: ${text}`;
      options.onTextChunk?.(reply);
      return reply;
    }
    dispose() {
      sequenceTaken = false;
    }
  }
  return {
    getLlama: async () => ({
      loadModel: async ({ modelPath }) => {
        loaded.push(modelPath);
        return {
          createContext: async () => ({
            getSequence: () => {
              if (sequenceTaken) throw new Error("No sequences left");
              sequenceTaken = true;
              return {};
            },
          }),
          tokenize: (text: string) => text.split(/\s+/).filter(Boolean),
        };
      },
    }),
    LlamaChatSession: LlamaChatSession as unknown as LlamaModule["LlamaChatSession"],
  };
}

describe("loadLlamaChatModel", () => {
  let dir: string;
  let file: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), "mend-llama-"));
    file = join(dir, "model.gguf");
    await writeFile(file, "GGUF");
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it("maps the chat onto a session history, counts tokens with the model's tokenizer", async () => {
    const calls: PromptCall[] = [];
    const loaded: string[] = [];
    const model = await loadLlamaChatModel(file, {
      temperature: 0.1,
      maxOutputTokens: 64,
      importModule: async () => fakeNodeLlamaCpp(calls, loaded),
    });
    const result = await callModel(model, [
      { role: "system", content: "You write Python." },
      { role: "user", content: "write f" },
      { role: "assistant", content: "def f(): pass" },
      { role: "user", content: "now make it return one" },
    ]);
    expect(loaded).toEqual([file]);
    expect(calls).toEqual([
      {
        history: [
          { type: "system", text: "You write Python." },
          { type: "user", text: "write f" },
          { type: "model", response: ["def f(): pass"] },
        ],
        prompt: "now make it return one",
        temperature: 0.1,
        maxTokens: 64,
      },
    ]);
    expect(result.text).toBe("echo: now make it return one");
    // Whitespace tokens of all four messages (3 + 2 + 3 + 5), and of the reply (6).
    expect(result.usage).toEqual({ input: 13, output: 6 });
    expect(result.model).toBe(file);
  });

  it("serves concurrent calls one at a time on its single sequence, temperature variants included", async () => {
    const calls: PromptCall[] = [];
    const model = await loadLlamaChatModel(file, { importModule: async () => fakeNodeLlamaCpp(calls, []) });
    const hot = withTemperature(model, 0.9);
    const replies = await Promise.all([
      callModel(model, [{ role: "user", content: "one" }]),
      callModel(hot, [{ role: "user", content: "two" }]),
      callModel(model, [{ role: "user", content: "three" }], { temperature: 0.5 }),
    ]);
    expect(replies.map((reply) => reply.text)).toEqual(["echo: one", "echo: two", "echo: three"]);
    expect(calls.map((call) => call.temperature)).toEqual([undefined, 0.9, 0.5]);
  });

  it("tells callbacks its provider, path and output cap", async () => {
    const model = await loadLlamaChatModel(file, { maxOutputTokens: 128, importModule: async () => fakeNodeLlamaCpp([], []) });
    expect(model.getLsParams({})).toMatchObject({ ls_provider: "llama", ls_model_name: file, ls_max_tokens: 128 });
  });
});
