import type { TestFailure } from "../../shared/check-result.js";
import type { Task } from "../../shared/task.js";
import type { PromptMessage } from "../collaborators.js";
import { fence, joinSections, requirementSection } from "./prompt-sections.js";

export interface ReviewTestsPromptInput {
  task: Task;
  /** The disputed tests, as source. */
  tests: { name: string; source: string; failure?: TestFailure }[];
  /** The latest program that fails them while passing every other test. */
  code: string;
  /** Distinct programs that failed them so. */
  programs: number;
}

/**
 * Asks a reviewer to judge generated tests that programs passing every other test keep
 * failing: is the test wrong (its expected value does not follow from the requirement), or the
 * code? The answer is JSON so each verdict can be recorded with its reason.
 */
export function reviewTestsPrompt(input: ReviewTestsPromptInput): PromptMessage[] {
  const { task } = input;
  const tests = input.tests.map(({ name, source, failure }) => {
    const how = failure ? `\nIt fails with: ${failure.message.split("\n")[0]}${failure.expected !== undefined ? ` (expected ${failure.expected}, actual ${failure.actual ?? "?"})` : ""}` : "";
    return `### ${name}\n${fence(source, task.language)}${how}`;
  });
  const user = joinSections([
    requirementSection(task.prompt, task.entry),
    `## Disputed tests\nThese tests were written by a model from the requirement. ${input.programs} different programs fail them while passing every other test (the user's tests and the examples).\n\n${tests.join("\n\n")}`,
    `## The latest of those programs: ${task.entry}\n${fence(input.code, task.language)}`,
    [
      "## Instructions",
      "For each disputed test, decide from the requirement alone: is the test wrong (what it expects does not follow from the requirement), or is the code wrong?",
      "Answer with one JSON object in a ```json block:",
      '{"verdicts": [{"test": "<test name>", "verdict": "test_wrong" | "code_wrong", "reason": "<one sentence, citing the requirement>"}]}',
    ].join("\n"),
  ]);
  return [
    { role: "system", content: `You judge ${task.language} tests against a requirement. A test is right only when its expected values follow from the requirement.` },
    { role: "user", content: user },
  ];
}
