import type { SourceFile } from "../shared/task.js";
import type { GeneratedSuite } from "./generated-suite.js";

/** The file generated tests run from, apart from the user's tests and the examples' file. */
export const GENERATED_PYTHON_FILE = "test_mend_generated.py";

const HEADER = '"""Tests written by a model from the requirement and its examples, before it saw any program (mendloop)."""';

/** The pytest file of a suite: its preamble, then its tests (all, or only those named). */
export function generatedTestFile(suite: GeneratedSuite, names?: readonly string[]): SourceFile {
  const tests = names === undefined ? suite.tests : suite.tests.filter((test) => names.includes(test.name));
  const parts = [HEADER, suite.preamble, ...tests.map((test) => test.source)].filter((part) => part.trim() !== "");
  return { path: GENERATED_PYTHON_FILE, content: `${parts.join("\n\n\n")}\n` };
}
