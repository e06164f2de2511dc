import type { Language } from "../shared/language.js";

const FENCE = /^[ \t]*(`{3,}|~{3,})[ \t]*([\w+-]*)[^\n]*\n([\s\S]*?)^[ \t]*\1[ \t]*$/gm;

const TAGS: Record<Language, readonly string[]> = {
  python: ["", "python", "py", "python3"],
  javascript: ["", "js", "javascript", "mjs", "node"],
  typescript: ["", "ts", "typescript", "js", "javascript"],
};

const CODE_START: Record<Language, RegExp> = {
  python: /^(?:import |from \S+ import |def test)/m,
  javascript: /^(?:import |const |test\(|describe\()/m,
  typescript: /^(?:import |const |test\(|describe\()/m,
};

/**
 * The test code of a model's reply in the task's language: every fenced block tagged for it
 * (or untagged), joined, since models sometimes put helpers and tests in separate blocks;
 * without a fence, the reply from its first import or test on. Empty when the reply holds no code.
 */
export function testCodeFromReply(reply: string, language: Language): string {
  const text = reply.replace(/<think>[\s\S]*?<\/think>/g, "");
  const blocks = [...text.matchAll(FENCE)].filter((match) => TAGS[language].includes(match[2].toLowerCase())).map((match) => match[3].trimEnd());
  if (blocks.length > 0) return `${blocks.join("\n\n\n")}\n`;
  const start = text.search(CODE_START[language]);
  return start < 0 ? "" : `${text.slice(start).trimEnd()}\n`;
}
