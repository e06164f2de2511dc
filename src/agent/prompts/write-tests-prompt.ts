import type { NamedExample } from "../../examples/named-example.js";
import type { Task } from "../../shared/task.js";
import type { PromptMessage } from "../collaborators.js";
import { fence, joinSections, requirementSection } from "./prompt-sections.js";

export interface WriteTestsPromptInput {
  task: Task;
  /** The examples of the requirement and the docstrings, with what they give. */
  examples: readonly NamedExample[];
  /** With a draft: its functions' and classes' header lines, never their bodies. */
  interface: readonly string[];
  /** When asking for more: the tests kept so far, and the mutation score that found them thin. */
  more?: { tests: string; killed: number; mutants: number };
}

/**
 * Asks for pytest tests written from the requirement and its examples only: the prompt never
 * holds a program (a draft shows its header lines at most), so the tests cannot repeat a
 * program's mistakes back to it.
 */
export function writeTestsPrompt(input: WriteTestsPromptInput): PromptMessage[] {
  const { task } = input;
  const module = task.entry.replace(/\.py$/, "").split("/").join(".");
  const examples =
    input.examples.length === 0
      ? ""
      : `## Examples (each one already runs as a test)\n${input.examples.map((example) => `- ${example.file}:${example.line}: ${describe(example)}`).join("\n")}`;
  const header = input.interface.length === 0 ? "" : `## Interface (header lines only; the program is not shown)\n${fence(input.interface.join("\n"), task.language)}`;
  const more = input.more
    ? `## Tests so far\n${fence(input.more.tests, task.language)}\n\nThey leave much unchecked: they caught only ${input.more.killed} of ${input.more.mutants} small changes (mutants) of a program that passes them. Write 5 more tests, with new names, on behaviour they do not check yet.`
    : "";
  const user = joinSections([
    requirementSection(task.prompt, task.entry),
    examples,
    header,
    more,
    [
      "## Instructions",
      `Write pytest tests for \`${task.entry}\`, a program you cannot see: test what the requirement says it must do.`,
      `- Import what you test from the module \`${module}\` (\`from ${module} import ...\`).`,
      "- Each test is a top-level function `def test_<what_it_checks>():` with exact expected values you worked out by hand from the requirement.",
      "- Cover ordinary inputs, boundaries, and the edge cases the requirement names; an error it says to raise is checked with `pytest.raises(<that exception>)`.",
      "- Assert only what the requirement states. Where it leaves something open, do not test it.",
      input.more ? "- Answer with the new tests only." : "- Write 5 to 10 tests.",
      "Answer with one ```python block holding the test file.",
    ].join("\n"),
  ]);
  return [
    { role: "system", content: "You write pytest tests from a requirement, before any program exists. Your tests decide whether a program is accepted, so every expected value must follow from the requirement." },
    { role: "user", content: user },
  ];
}

function describe(example: NamedExample): string {
  const code = example.code.split("\n")[0];
  const { expected } = example;
  if (expected.kind === "raises") return `\`${code}\` raises ${expected.error}`;
  if (expected.kind === "output") return `\`${code}\` prints ${JSON.stringify(expected.text)}`;
  return `\`${code}\` gives \`${expected.text}\``;
}
