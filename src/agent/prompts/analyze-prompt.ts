import type { Diagnosis } from "../../diagnosis/diagnosis.js";
import type { Task } from "../../shared/task.js";
import type { PromptMessage } from "../collaborators.js";
import { avoidSection, codeSection, diagnosisSection, joinSections, requirementSection, testsSection } from "./prompt-sections.js";

export interface AnalyzePromptInput {
  task: Task;
  code: string;
  diagnosis: Diagnosis;
  avoid: readonly string[];
}

/** Asks for an explanation of the failure and a plan, without code (plan-then-fix). */
export function analyzePrompt(input: AnalyzePromptInput): PromptMessage[] {
  const { task } = input;
  const user = joinSections([
    requirementSection(task.prompt, task.entry),
    testsSection(task.tests, task.language),
    codeSection("Code", task.entry, input.code, task.language),
    diagnosisSection(input.diagnosis),
    avoidSection(input.avoid),
    [
      "## Instructions",
      "Earlier fixes did not work. Before anyone edits the code, explain the failure:",
      "1. The root cause, in one or two sentences, naming the lines involved.",
      "2. The smallest change that fixes it, as numbered steps.",
      "At most 8 short lines. No code block.",
    ].join("\n"),
  ]);
  return [
    {
      role: "system",
      content: "You are a careful reviewer. You explain why a program fails its tests and plan the minimal fix.",
    },
    { role: "user", content: user },
  ];
}
