import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { HumanMessage, SystemMessage } from "@langchain/core/messages";
import { Tiktoken } from "js-tiktoken/lite";
import cl100k from "js-tiktoken/ranks/cl100k_base";
import o200k from "js-tiktoken/ranks/o200k_base";
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

describe("countTextTokens, counting piece by piece", () => {
  // Real texts of the kinds prompts carry: prose with markdown, programs and their tests in
  // both languages, and the odd cases of the tokenizer's pattern (runs of spaces before a
  // word, CRLF, digits longer than three, contractions, other scripts, special-token markers).
  const corpus = join(import.meta.dirname, "../repair/__corpus__");
  const programs = ["python", "javascript"].flatMap((language) =>
    readdirSync(join(corpus, language)).flatMap((name) =>
      readdirSync(join(corpus, language, name))
        .filter((file) => !file.endsWith(".json"))
        .map((file) => readFileSync(join(corpus, language, name, file), "utf8")),
    ),
  );
  const texts = [
    readFileSync(join(import.meta.dirname, "../../README.md"), "utf8"),
    ...programs,
    "x    = 1\r\n\r\n   \tif y:\n        return 1234567 + 0.5e-10   \n\n\n",
    "It's what they'd've WANTED; don't you think?  Ünïcödé, 日本語のテキスト, Здравствуйте 🙂🙂",
    "a <|endoftext|> b <|fim_prefix|>",
  ];

  it.each([
    ["gpt-4", cl100k],
    ["gpt-4o", o200k],
  ])("gives the tokenizer's own count of the whole text (%s)", (model, ranks) => {
    const whole = new Tiktoken(ranks);
    expect(programs.length).toBeGreaterThan(50);
    for (const text of texts) expect(countTextTokens(text, model)).toBe(whole.encode(text, [], []).length);
    // Again, now from the counts of pieces seen before.
    const all = texts.join("\n");
    expect(countTextTokens(all, model)).toBe(whole.encode(all, [], []).length);
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
