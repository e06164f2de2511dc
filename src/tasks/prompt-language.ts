import type { Language } from "../shared/language.js";

/**
 * How a requirement names a language in words. "Java" is not JavaScript and "TypeScript" is its
 * own; Node.js counts as JavaScript. Whole words only, so `pythonic` or `ts` inside a word say nothing.
 */
const NAMES: readonly (readonly [Language, RegExp])[] = [
  ["python", /\bpython\s?3?\b/i],
  ["javascript", /\b(?:javascript|node\.?js)\b/i],
  ["typescript", /\btypescript\b/i],
];

/**
 * The language a requirement asks for in words ("Write a Python function ..."), when it names
 * exactly one; `undefined` when it names none or several ("port this Python code to TypeScript"),
 * where guessing would write the wrong program.
 */
export function promptLanguage(prompt: string): Language | undefined {
  const named = NAMES.filter(([, pattern]) => pattern.test(prompt)).map(([language]) => language);
  return named.length === 1 ? named[0] : undefined;
}
