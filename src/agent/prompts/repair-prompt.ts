import type { Diagnosis } from "../../diagnosis/diagnosis.js";
import type { Task } from "../../shared/task.js";
import type { PromptMessage } from "../collaborators.js";
import type { RecentAttempt } from "../state.js";
import type { RememberedFix } from "./prompt-sections.js";
import {
  avoidSection,
  rememberedSection,
  codeSection,
  diagnosisSection,
  historySection,
  joinSections,
  requirementSection,
  testsSection,
} from "./prompt-sections.js";
import { systemPrompt } from "./system-prompt.js";

export interface RepairPromptInput {
  task: Task;
  code: string;
  diagnosis: Diagnosis;
  /** The last two attempts in full (the current one included). */
  recent: readonly RecentAttempt[];
  /** Older attempts, one line each. */
  older: readonly string[];
  avoid: readonly string[];
  /** Plan-then-fix: ask for the root cause and a plan before the code. */
  plan: boolean;
  /** What the analyze step noticed. */
  notes: readonly string[];
  /** The most suspicious lines by fault localization, best first. */
  suspicious?: readonly string[];
  /** Verified fixes of similar failures, from the error -> fix memory, best first. */
  remembered?: readonly RememberedFix[];
}

/** Asks for a corrected program, fixing what the diagnosis points at and nothing else. */
export function repairPrompt(input: RepairPromptInput): PromptMessage[] {
  const { task } = input;
  const previous = input.recent.filter((attempt) => attempt.code !== input.code);
  const user = joinSections([
    requirementSection(task.prompt, task.entry),
    testsSection(task.tests, task.language),
    codeSection("Current code", task.entry, input.code, task.language),
    diagnosisSection(input.diagnosis),
    rememberedSection(input.remembered ?? []),
    input.suspicious?.length
      ? `## Most suspicious lines (fault localization over the tests)\n${input.suspicious.map((line) => `- ${line}`).join("\n")}`
      : "",
    input.notes.length ? `## Analysis\n${input.notes.map((line) => `- ${line}`).join("\n")}` : "",
    historySection(previous, input.older, task.language),
    avoidSection(input.avoid),
    [
      "## Instructions",
      `Fix \`${task.entry}\` so that every test passes.`,
      "Change only what the error implicates; keep everything else, including names and signatures, as it is.",
      "Keep the tests as they are: do not edit them, special-case them, or add new ones.",
      ...(input.plan
        ? [
            "Earlier fixes did not work, so think first: under a heading `Plan`, in at most 6 short lines, state the root cause (naming the lines) and the smallest change that fixes it.",
            "Then return the complete corrected file, not a diff.",
          ]
        : ["Return the complete corrected file, not a diff."]),
    ].join("\n"),
  ]);
  return [
    { role: "system", content: systemPrompt(task.language) },
    { role: "user", content: user },
  ];
}
