import type { Task } from "../../shared/task.js";
import type { PromptMessage } from "../collaborators.js";
import { joinSections, requirementSection, testsSection } from "./prompt-sections.js";

export interface ReviewPromptInput {
  task: Task;
  /** The verified code. */
  code: string;
  /** One line on what verified it, e.g. "12 tests ran, all passed". */
  results: string;
}

/**
 * Asks a reviewer for findings on verified code: what the tests may have missed. The code is
 * numbered so findings can name a line; the answer is JSON so it can be recorded as is.
 */
export function reviewPrompt(input: ReviewPromptInput): PromptMessage[] {
  const { task, code } = input;
  const numbered = code
    .replace(/\n$/, "")
    .split("\n")
    .map((line, index) => `${String(index + 1).padStart(4)} | ${line}`)
    .join("\n");
  const user = joinSections([
    requirementSection(task.prompt, task.entry),
    testsSection(task.tests, task.language),
    `## Test results\n${input.results}`,
    `## Code under review: ${task.entry} (line numbers added)\n${"```"}\n${numbered}\n${"```"}`,
    [
      "## Instructions",
      "Review the code against the requirement: missed edge cases, unhandled inputs, mismatches with the requirement.",
      "Report only real problems; an empty list is a fine answer.",
      "Answer with one JSON object in a ```json block, nothing else needed:",
      '{"findings": [{"severity": "high" | "medium" | "low", "line": <line number or omit>, "text": "<what is wrong and when>"}]}',
      "high: the code gives wrong results for inputs the requirement allows; medium: likely trouble; low: style or robustness.",
    ].join("\n"),
  ]);
  return [
    { role: "system", content: `You are a careful code reviewer for ${task.language} code. You do not rewrite the code; you report findings.` },
    { role: "user", content: user },
  ];
}
