import { describe, expect, it } from "vitest";
import { promptLanguage } from "./prompt-language.js";

describe("promptLanguage", () => {
  it.each([
    ["Write a Python function slugify(text) that lowercases it", "python"],
    ["write a python3 script that prints the primes below 100", "python"],
    ["Implement debounce(fn, ms) in JavaScript", "javascript"],
    ["a Node.js module exporting parseArgs(argv)", "javascript"],
    ["A TypeScript function that narrows a union", "typescript"],
  ])("reads the language a requirement names: %s", (prompt, language) => {
    expect(promptLanguage(prompt)).toBe(language);
  });

  it.each([
    ["Write a function that reverses a string"],
    ["Port this Python code to TypeScript"],
    ["A Java class for a bank account"],
    ["make the output more pythonic"],
    ["compare JavaScript and Python sorting"],
  ])("says nothing when the requirement names no language or several: %s", (prompt) => {
    expect(promptLanguage(prompt)).toBeUndefined();
  });
});
