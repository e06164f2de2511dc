import type { Language } from "../shared/language.js";
import type { SourceFile } from "../shared/task.js";
import type { GeneratedSuite } from "./generated-suite.js";

/** The file generated Python tests run from, apart from the user's tests and the examples' file. */
export const GENERATED_PYTHON_FILE = "test_mend_generated.py";

/** The node:test file generated JavaScript tests run from, beside the user's tests. */
export const GENERATED_JAVASCRIPT_FILE = "mend-generated.test.mjs";

/** Every name a generated test file can have, whatever the language. */
export const GENERATED_FILES: readonly string[] = [GENERATED_PYTHON_FILE, GENERATED_JAVASCRIPT_FILE];

const WHY = "Tests written by a model from the requirement and its examples, before it saw any program (mendloop).";

/** The test file of a suite in the task's language: its preamble, then its tests (all, or only those named). */
export function generatedTestFile(language: Language, suite: GeneratedSuite, names?: readonly string[]): SourceFile {
  const tests = names === undefined ? suite.tests : suite.tests.filter((test) => names.includes(test.name));
  const python = language === "python";
  const header = python ? `"""${WHY}"""` : `// ${WHY}`;
  const parts = [header, suite.preamble, ...tests.map((test) => test.source)].filter((part) => part.trim() !== "");
  return { path: python ? GENERATED_PYTHON_FILE : GENERATED_JAVASCRIPT_FILE, content: `${parts.join(python ? "\n\n\n" : "\n\n")}\n` };
}
