import { describe, expect, it } from "vitest";
import { UsageError } from "../errors/usage-error.js";
import { formatModelSpec, parseModelSpec } from "./model-spec.js";

describe("parseModelSpec", () => {
  it("defaults to offline when nothing is configured", () => {
    expect(parseModelSpec(undefined)).toEqual({ provider: "offline" });
    expect(parseModelSpec("")).toEqual({ provider: "offline" });
    expect(parseModelSpec("  ")).toEqual({ provider: "offline" });
    expect(parseModelSpec("offline")).toEqual({ provider: "offline" });
  });

  it("reads each provider form", () => {
    expect(parseModelSpec("openai:gpt-4o-mini")).toEqual({ provider: "openai", model: "gpt-4o-mini" });
    expect(parseModelSpec("anthropic:claude-sonnet-4-5")).toEqual({ provider: "anthropic", model: "claude-sonnet-4-5" });
    expect(parseModelSpec("ollama:qwen2.5-coder:7b")).toEqual({ provider: "ollama", model: "qwen2.5-coder:7b" });
    expect(parseModelSpec("llama:./models/q4.gguf")).toEqual({ provider: "llama", modelPath: "./models/q4.gguf" });
    expect(parseModelSpec("OpenAI:gpt-4o")).toEqual({ provider: "openai", model: "gpt-4o" });
  });

  it("keeps colons inside model names and paths", () => {
    expect(parseModelSpec("openai:ft:gpt-4o-mini:acme::abc123")).toEqual({
      provider: "openai",
      model: "ft:gpt-4o-mini:acme::abc123",
    });
    expect(parseModelSpec("llama:C:/models/m.gguf")).toEqual({ provider: "llama", modelPath: "C:/models/m.gguf" });
  });

  it("rejects unknown forms with a UsageError that names the valid ones", () => {
    for (const bad of ["gpt-4o", "gemini:pro", "openai:", "llama:  "]) {
      let caught: unknown;
      try {
        parseModelSpec(bad);
      } catch (error) {
        caught = error;
      }
      expect(UsageError.isInstance(caught), bad).toBe(true);
      expect((caught as Error).message).toContain("openai:<model>");
      expect((caught as Error).message).toContain("offline");
    }
  });

  it("round-trips through formatModelSpec", () => {
    for (const text of ["openai:gpt-4o", "anthropic:claude-3-5-haiku-latest", "ollama:llama3.1", "llama:/m/x.gguf", "offline"]) {
      expect(formatModelSpec(parseModelSpec(text))).toBe(text);
    }
  });
});
