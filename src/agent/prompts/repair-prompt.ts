import type { Diagnosis } from "../../diagnosis/diagnosis.js";
import type { Task } from "../../shared/task.js";
import type { PromptMessage } from "../collaborators.js";
import type { ProgramContext } from "../program-context.js";
import type { ShownAttempt } from "../state.js";
import { editFormatSection } from "./edit-format-section.js";
import { programSection } from "./program-section.js";
import type { RememberedFix } from "./prompt-sections.js";
import {
  attemptLine,
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
  recent: readonly ShownAttempt[];
  /** Older attempts, one line each. */
  older: readonly string[];
  avoid: readonly string[];
  /** Plan-then-fix: ask for the root cause and a plan before the code. */
  plan: boolean;
  /** What the analysis of the failure noticed (`analyzeFailure`). */
  notes: readonly string[];
  /** The most suspicious lines by fault localization, best first. */
  suspicious?: readonly string[];
  /** Verified fixes of similar failures, from the error -> fix memory, best first. */
  remembered?: readonly RememberedFix[];
  /** A multi-file program's other files, whole or by signatures. */
  context?: ProgramContext;
  /** Ask for search/replace blocks instead of the whole file (a file over the edit threshold). */
  edits?: boolean;
  /** The model's last reply to this prompt, whose edits could not be applied, and why. */
  editFailure?: { reply: string; reason: string };
}

/** Asks for a corrected program, fixing what the diagnosis points at and nothing else. */
export function repairPrompt(input: RepairPromptInput): PromptMessage[] {
  const { task } = input;
  const edits = input.edits ?? false;
  const previous = input.recent.filter((attempt) => attempt.code !== input.code);
  // Quoting a long file's earlier versions in full would crowd out the file itself: one line each.
  const recent = edits ? [] : previous;
  const older = edits ? [...input.older, ...previous.map((attempt) => attemptLine(attempt.n, attempt.strategy, attempt.diagnosis))] : input.older;
  const user = joinSections([
    requirementSection(task.prompt, task.entry),
    testsSection(task.tests, task.language),
    codeSection("Current code", task.entry, input.code, task.language),
    input.context ? programSection(input.context, task.language) : "",
    diagnosisSection(input.diagnosis),
    rememberedSection(input.remembered ?? []),
    input.suspicious?.length
      ? `## Most suspicious lines (fault localization over the tests)\n${input.suspicious.map((line) => `- ${line}`).join("\n")}`
      : "",
    input.notes.length ? `## Analysis\n${input.notes.map((line) => `- ${line}`).join("\n")}` : "",
    historySection(recent, older, task.language),
    avoidSection(input.avoid),
    [
      "## Instructions",
      `Fix \`${task.entry}\` so that every test passes.`,
      "Change only what the error implicates; keep everything else, including names and signatures, as it is.",
      "Keep the tests as they are: do not edit them, special-case them, or add new ones.",
      ...(input.plan
        ? [
            "Earlier fixes did not work, so think first: under a heading `Plan`, in at most 6 short lines, state the root cause (naming the lines) and the smallest change that fixes it.",
            edits ? "Then give the edit blocks." : "Then return the complete corrected file, not a diff.",
          ]
        : edits
          ? []
          : ["Return the complete corrected file, not a diff."]),
    ].join("\n"),
    edits ? editFormatSection(task.entry, task.language) : "",
  ]);
  const messages: PromptMessage[] = [
    { role: "system", content: systemPrompt(task.language, edits ? "edits" : "file") },
    { role: "user", content: user },
  ];
  if (!input.editFailure) return messages;
  // The failed reply stays in the conversation, so the model sees what it wrote and why it did not apply.
  return [
    ...messages,
    { role: "assistant", content: input.editFailure.reply },
    {
      role: "user",
      content: `Your edits could not be applied: ${input.editFailure.reason}\nThe files are unchanged. ${
        edits ? "Reply again with edit blocks whose SEARCH parts copy the current lines exactly." : `Reply with the complete corrected \`${task.entry}\` in one code block.`
      }`,
    },
  ];
}
