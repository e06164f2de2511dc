import { assertScriptAsNodeTests } from "../languages/javascript/assert-script-tests.js";
import type { CandidateRunner, RunnerSetup } from "./candidate-runner.js";
import { createBatchRunner } from "./batch-candidate-runner.js";
import { createTypeScriptRunner } from "./typescript-candidate-runner.js";

/**
 * The candidate runner for the program's language (TypeScript runs as transpiled JavaScript).
 * JavaScript and TypeScript tests written as plain assert scripts run as node:test files, one
 * test per top-level assertion, as validation runs them (Python's pytest plugin does the same).
 */
export function createCandidateRunner(setup: RunnerSetup): CandidateRunner {
  if (setup.language === "python") return createBatchRunner(setup);
  const tests = setup.tests.map((file) => ({ ...file, content: assertScriptAsNodeTests(file.path, file.content) ?? file.content }));
  if (setup.language === "typescript") return createTypeScriptRunner({ ...setup, tests }, createBatchRunner);
  return createBatchRunner({ ...setup, tests });
}
