import type { Task } from "../shared/task.js";
import type { Example } from "./example.js";
import { extractArrowExamples } from "./extract-arrow-examples.js";
import { extractDoctests } from "./extract-doctests.js";
import { extractEqualityExamples } from "./extract-equality-examples.js";
import { extractProseExamples } from "./extract-prose-examples.js";
import { JAVASCRIPT_EXAMPLES_FILE, javascriptExampleTests, javascriptTestName } from "./javascript-example-tests.js";
import type { NamedExample } from "./named-example.js";
import { PYTHON_EXAMPLES_FILE, pythonExampleTests, pythonTestName } from "./python-example-tests.js";

/** The tests a task is verified by, before any model writes tests. */
export interface ChosenTests {
  /** The user's tests when there are any; else the examples found; else none. */
  by: "tests" | "examples" | "none";
  /** The task to run: with `by: "examples"`, its tests are the examples' test file. */
  task: Task;
  /** The examples found (used only when the task has no tests of its own). */
  examples: NamedExample[];
}

/**
 * Chooses what verifies a task: its own tests; without them, the examples of its requirement
 * and of the draft's docstrings, as a test file of the task's language run like the user's
 * tests would be; without either, nothing (the run cannot be verified).
 */
export function chooseTests(task: Task): ChosenTests {
  const examples = findExamples(task);
  if (task.tests.length > 0) return { by: "tests", task, examples };
  if (examples.length === 0) return { by: "none", task, examples };
  const file = task.language === "python" ? pythonExampleTests(examples, task.entry) : javascriptExampleTests(examples, task.entry);
  return { by: "examples", task: { ...task, tests: [file] }, examples };
}

/** The examples of a task, the draft's first; one of each (a docstring often repeats the requirement). */
export function findExamples(task: Task): NamedExample[] {
  const draft = task.draft ?? "";
  const found: Example[] =
    task.language === "python"
      ? [
          ...extractDoctests(draft, task.entry, "docstring"),
          ...extractDoctests(task.prompt, "requirement", "requirement"),
          ...extractEqualityExamples(task.prompt),
          ...extractProseExamples(task.prompt),
        ]
      : [
          ...extractArrowExamples(draft, task.entry, "docstring", false),
          ...extractArrowExamples(task.prompt, "requirement", "requirement", true),
          ...extractEqualityExamples(task.prompt),
          ...extractProseExamples(task.prompt),
        ];
  const seen = new Set<string>();
  const unique = found.filter((example) => {
    const key = JSON.stringify([example.setup, example.code.replace(/\s+/g, ""), example.expected]);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  // A sentence may hold two examples on one line: the second test's name gets a suffix.
  const names = new Map<string, number>();
  return unique.map((example) => {
    const name = testName(task, example);
    const count = (names.get(name) ?? 0) + 1;
    names.set(name, count);
    return { ...example, name: count === 1 ? name : `${name}_${count}` };
  });
}

function testName(task: Task, example: Example): string {
  return task.language === "python"
    ? `${PYTHON_EXAMPLES_FILE}::${pythonTestName(example.file, example.line)}`
    : javascriptTestName(example.file, example.line, example.code);
}

/** Where examples came from, for a person: `the docstring`, `the requirement`, or both. */
export function describeExampleOrigins(origins: readonly Example["origin"][]): string {
  const docstring = origins.includes("docstring");
  const requirement = origins.includes("requirement");
  if (docstring && requirement) return "the docstring and the requirement";
  return requirement ? "the requirement" : "the docstring";
}
