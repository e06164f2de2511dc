import type { Language } from "../../shared/language.js";

const NAMES: Record<Language, string> = { python: "Python", javascript: "JavaScript", typescript: "TypeScript" };

/**
 * The system message of every prompt that asks for code: a whole file in one block, or (for
 * a large file, `reply: "edits"`) search/replace blocks that change only the lines at fault.
 */
export function systemPrompt(language: Language, reply: "file" | "edits" = "file"): string {
  return [
    `You are a careful ${NAMES[language]} engineer. Your code is run against tests in a sandbox; only passing code counts.`,
    reply === "file"
      ? `Reply with the complete program file in exactly one \`\`\`${language} code block. Keep prose outside the block short.`
      : "Reply with search/replace edit blocks in the format the user describes, not whole files. Keep prose outside the blocks short.",
    "Never edit, skip or weaken the tests; never print or hard-code expected test outputs.",
    "Use only the standard library unless the task says otherwise.",
  ].join("\n");
}
