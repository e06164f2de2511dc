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

/** The instructions and the fence tag for the task's test framework: pytest, or node:test. */
function framework(task: Task, more: boolean): { name: string; tag: string; rules: string[] } {
  const finish = more ? "- Answer with the new tests only." : "- Write 5 to 10 tests.";
  if (task.language === "python") {
    const module = task.entry.replace(/\.py$/, "").split("/").join(".");
    return {
      name: "pytest",
      tag: "python",
      rules: [
        `- Import what you test from the module \`${module}\` (\`from ${module} import ...\`).`,
        "- Each test is a top-level function `def test_<what_it_checks>():` with exact expected values you worked out by hand from the requirement.",
        "- Cover ordinary inputs, boundaries, and the edge cases the requirement names; an error it says to raise is checked with `pytest.raises(<that exception>)`.",
        "- Assert only what the requirement states. Where it leaves something open, do not test it.",
        finish,
      ],
    };
  }
  const specifier = `./${task.entry.replace(/\.[cm]?tsx?$/, ".js")}`;
  return {
    name: "node:test",
    tag: "js",
    rules: [
      '- An ES module: `import { test } from "node:test";`, `import assert from "node:assert/strict";`, and what you test by name from ' +
        `\`${specifier}\` (\`import { ... } from "${specifier}";\`).`,
      '- Each test is a top-level `test("<what it checks>", () => { ... });` with a title of its own and exact expected values you worked out by hand from the requirement.',
      "- Cover ordinary inputs, boundaries, and the edge cases the requirement names; an error it says to throw is checked with `assert.throws`.",
      "- Assert only what the requirement states. Where it leaves something open, do not test it.",
      finish,
    ],
  };
}

/**
 * Asks for pytest (or node:test) tests written from the requirement and its examples only: the prompt never
 * holds a program (a draft shows its header lines at most), so the tests cannot repeat a
 * program's mistakes back to it.
 */
export function writeTestsPrompt(input: WriteTestsPromptInput): PromptMessage[] {
  const { task } = input;
  const tests = framework(task, input.more !== undefined);
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
      `Write ${tests.name} tests for \`${task.entry}\`, a program you cannot see: test what the requirement says it must do.`,
      ...tests.rules,
      `Answer with one \`\`\`${tests.tag} block holding the test file.`,
    ].join("\n"),
  ]);
  return [
    { role: "system", content: `You write ${tests.name} tests from a requirement, before any program exists. Your tests decide whether a program is accepted, so every expected value must follow from the requirement.` },
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
