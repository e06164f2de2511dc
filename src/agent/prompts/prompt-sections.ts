import type { Diagnosis } from "../../diagnosis/diagnosis.js";
import type { Language } from "../../shared/language.js";
import type { SourceFile } from "../../shared/task.js";
import type { AttemptGist, ShownAttempt } from "../state.js";

const MAX_FILE_CHARS = 6000;
const MAX_MESSAGE_CHARS = 1500;
const MAX_FAILURES = 5;

/** Sections shared by the generate and repair prompts, as Markdown. */

export function fence(code: string, language: Language): string {
  return `\`\`\`${language}\n${code.replace(/\n$/, "")}\n\`\`\``;
}

export function requirementSection(prompt: string, entry: string): string {
  const text = prompt.trim() || `(no written requirement: the tests below define what ${entry} must do)`;
  return `## Requirement\n${text}`;
}

export function testsSection(tests: readonly SourceFile[], language: Language): string {
  if (tests.length === 0) return "## Tests\n(no tests were given)";
  const files = tests.map((file) => `### ${file.path}\n${fence(clip(file.content, MAX_FILE_CHARS), language)}`);
  return `## Tests (they stay exactly as they are)\n${files.join("\n\n")}`;
}

export function codeSection(title: string, entry: string, code: string, language: Language): string {
  return `## ${title}: ${entry}\n${fence(code, language)}`;
}

/** Error type, location, the lines around it, and expected vs actual per failing test. */
export function diagnosisSection(diagnosis: Diagnosis): string {
  const lines = [`## What failed`, `- Error type: ${diagnosis.errorType}`, `- Summary: ${diagnosis.summary}`];
  if (diagnosis.location) {
    const column = diagnosis.location.column !== undefined ? `, column ${diagnosis.location.column}` : "";
    lines.push(`- Location: ${diagnosis.location.file}, line ${diagnosis.location.line}${column}`);
  }
  if (diagnosis.context) lines.push(`- Lines around it (the failing one marked with >):\n${"```"}\n${diagnosis.context}\n${"```"}`);
  const failures = diagnosis.tests?.failures ?? [];
  if (failures.length > 0) {
    lines.push(`- Failing tests (${diagnosis.tests?.failed ?? failures.length} failed, ${diagnosis.tests?.passed ?? 0} passed):`);
    for (const failure of failures.slice(0, MAX_FAILURES)) {
      const detail =
        failure.expected !== undefined || failure.actual !== undefined
          ? ` (expected ${failure.expected ?? "?"}, actual ${failure.actual ?? "?"})`
          : "";
      lines.push(`  - ${failure.name}: ${oneLine(failure.message)}${detail}`);
    }
  }
  if (diagnosis.message) lines.push(`- Error output:\n${"```"}\n${clip(diagnosis.message, MAX_MESSAGE_CHARS)}\n${"```"}`);
  return lines.join("\n");
}

/** A verified fix of a similar failure, as the repair prompt shows it. */
export interface RememberedFix {
  summary: string;
  diff: string;
  madeBy: string;
}

/**
 * Fixes of similar failures from the error -> fix memory: a hint the model may follow where
 * the failure is the same, not a patch to apply (the program is another one).
 */
export function rememberedSection(fixes: readonly RememberedFix[]): string {
  if (fixes.length === 0) return "";
  const parts = fixes.map(
    (fix) => `A similar failure (${oneLine(fix.summary)}) was fixed before by:\n${"```"}diff\n${clip(fix.diff, MAX_MESSAGE_CHARS)}\n${"```"}`,
  );
  return `## Fixed before\n${parts.join("\n\n")}\nUse this only where it fits the failure above.`;
}

/** The last two attempts in full, older ones one line each. */
export function historySection(recent: readonly ShownAttempt[], older: readonly string[], language: Language): string {
  if (recent.length === 0 && older.length === 0) return "";
  const parts = ["## Earlier attempts"];
  if (older.length > 0) parts.push(older.map((line) => `- ${line}`).join("\n"));
  for (const attempt of recent) {
    parts.push(
      `### Attempt ${attempt.n} (${attempt.strategy}): ${oneLine(attempt.diagnosis.summary)}\n${fence(attempt.code, language)}`,
    );
  }
  return parts.join("\n\n");
}

export function avoidSection(avoid: readonly string[]): string {
  if (avoid.length === 0) return "";
  return `## Do not repeat these (they already failed)\n${avoid.map((line) => `- ${line}`).join("\n")}`;
}

/** One attempt as one line, for the older-attempts list and the do-not-repeat list. */
export function attemptLine(n: number, strategy: string, diagnosis: AttemptGist): string {
  const where = diagnosis.location ? ` at line ${diagnosis.location.line}` : "";
  return `attempt ${n} (${strategy}): ${diagnosis.errorType}${where}: ${oneLine(diagnosis.summary)}`;
}

export function joinSections(sections: readonly string[]): string {
  return sections.filter((section) => section.trim() !== "").join("\n\n");
}

function oneLine(text: string): string {
  const line = text.replace(/\s+/g, " ").trim();
  return line.length > 200 ? `${line.slice(0, 197)}...` : line;
}

function clip(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max)}\n... (${text.length - max} more characters)`;
}
