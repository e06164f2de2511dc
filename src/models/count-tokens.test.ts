import { HumanMessage, SystemMessage } from "@langchain/core/messages";
import { describe, expect, it } from "vitest";
import { countTextTokens, countTokens } from "./count-tokens.js";

describe("countTextTokens", () => {
  it("counts with the bundled tokenizer tables, without the network", () => {
    // Known counts: "hello world" is 2 tokens in both cl100k and o200k.
    expect(countTextTokens("hello world", "gpt-4")).toBe(2);
    expect(countTextTokens("hello world", "gpt-4o")).toBe(2);
    expect(countTextTokens("", "gpt-4o")).toBe(0);
  });

  it("grows with the text and treats special-token markers as text", () => {
    const code = "def median(values):\n    ordered = sorted(values)\n    return ordered[len(ordered) // 2]\n";
    expect(countTextTokens(code.repeat(10))).toBeGreaterThan(countTextTokens(code) * 9);
    expect(countTextTokens("<|endoftext|>")).toBeGreaterThan(1);
  });

  it("counts a text seen before under each model's own tokenizer", () => {
    // o200k has far more tokens for non-Latin scripts than cl100k.
    const text = "Здравствуйте, мир! ".repeat(5);
    const cl100k = countTextTokens(text, "gpt-4");
    const o200k = countTextTokens(text, "gpt-4o");
    expect(o200k).not.toBe(cl100k);
    expect(countTextTokens(text, "gpt-4o")).toBe(o200k);
    expect(countTextTokens(text, "gpt-4")).toBe(cl100k);
  });
});

describe("countTokens", () => {
  it("counts plain and LangChain messages alike, with per-message framing", () => {
    const plain = countTokens([
      { role: "system", content: "You write Python." },
      { role: "user", content: "Write median()." },
    ]);
    const langchain = countTokens([new SystemMessage("You write Python."), new HumanMessage("Write median().")]);
    expect(plain).toBe(langchain);
    const contentOnly = countTextTokens("You write Python.") + countTextTokens("Write median().");
    expect(plain).toBeGreaterThan(contentOnly);
    expect(plain).toBeLessThan(contentOnly + 20);
  });
});
