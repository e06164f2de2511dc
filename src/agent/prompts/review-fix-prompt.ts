import type { ReviewFinding } from "../../shared/review.js";
import type { Task } from "../../shared/task.js";
import type { PromptMessage } from "../collaborators.js";
import { codeSection, joinSections, requirementSection, testsSection } from "./prompt-sections.js";
import { systemPrompt } from "./system-prompt.js";

export interface ReviewFixPromptInput {
  task: Task;
  /** The verified code the review read. */
  code: string;
  findings: readonly ReviewFinding[];
}

/** The one repair round `--review-fix` allows: fix the high-severity findings, keep every test passing. */
export function reviewFixPrompt(input: ReviewFixPromptInput): PromptMessage[] {
  const { task, code } = input;
  const findings = input.findings.map((finding) => `- ${finding.line !== undefined ? `line ${finding.line}: ` : ""}${finding.text}`);
  const user = joinSections([
    requirementSection(task.prompt, task.entry),
    testsSection(task.tests, task.language),
    codeSection("Current code (every test passes)", task.entry, code, task.language),
    `## Review findings (high severity)\n${findings.join("\n")}`,
    [
      "## Instructions",
      `Write the complete corrected file \`${task.entry}\`, fixing the findings above.`,
      "Every test that passes now must still pass: keep the names, signatures and module layout.",
    ].join("\n"),
  ]);
  return [
    { role: "system", content: systemPrompt(task.language) },
    { role: "user", content: user },
  ];
}
