import type { Task } from "../../shared/task.js";
import type { PromptMessage } from "../collaborators.js";
import { avoidSection, joinSections, requirementSection, testsSection } from "./prompt-sections.js";
import { systemPrompt } from "./system-prompt.js";

export interface GeneratePromptInput {
  task: Task;
  /** For a fresh approach: one line per failed attempt, and the failures not to repeat. */
  failedSummary?: readonly string[];
  avoid?: readonly string[];
  /** Advice from the error boundary when it found the loop stuck. */
  guidance?: string;
}

/** Asks for the whole program from the requirement (first try, or a fresh approach). */
export function generatePrompt(input: GeneratePromptInput): PromptMessage[] {
  const { task } = input;
  const fresh = (input.failedSummary?.length ?? 0) > 0;
  const instructions = [
    "## Instructions",
    `Write the complete file \`${task.entry}\` so that it meets the requirement and every test passes.`,
    "Keep the names, signatures and module layout the tests import.",
  ];
  if (fresh) {
    instructions.push(
      "Earlier attempts failed (summary above). Take a different approach: start again from the requirement and do not reuse the failing code.",
    );
  }
  const user = joinSections([
    requirementSection(task.prompt, task.entry),
    testsSection(task.tests, task.language),
    fresh ? `## What failed so far\n${input.failedSummary?.map((line) => `- ${line}`).join("\n")}` : "",
    avoidSection(input.avoid ?? []),
    input.guidance ? `## Guidance\n${input.guidance}` : "",
    instructions.join("\n"),
  ]);
  return [
    { role: "system", content: systemPrompt(task.language) },
    { role: "user", content: user },
  ];
}
