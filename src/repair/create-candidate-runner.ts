import { assertScriptAsNodeTests } from "../languages/javascript/assert-script-tests.js";
import type { CandidateRunner, RunnerSetup } from "./candidate-runner.js";
import { detectTestRunner, runnerInstalled } from "../languages/javascript/run-project-runner.js";
import { createTypeScriptRunner } from "./typescript-candidate-runner.js";
import { createWarmNodeRunner } from "./warm-node-runner.js";
import { createWarmPythonRunner } from "./warm-python-runner.js";
import { createWarmProjectRunner } from "./warm-project-runner.js";

/**
 * The candidate runner for the program's language (TypeScript runs as transpiled JavaScript),
 * or the project's own vitest or jest when its tests are written for one. Each keeps a warm
 * server between calls (Python's, Node's, vitest's, jest's): close the runner when done with it.
 * JavaScript and TypeScript tests written as plain assert scripts run as node:test files, one
 * test per top-level assertion, as validation runs them (Python's pytest plugin does the same).
 */
export function createCandidateRunner(setup: RunnerSetup): CandidateRunner {
  if (setup.language === "python") return createWarmPythonRunner(setup);
  // Tests written for vitest or jest run with the project's own runner, as validation runs them.
  const projectRunner = setup.project ? detectTestRunner(setup.project.root, Object.fromEntries(setup.tests.map((file) => [file.path, file.content]))) : undefined;
  if (setup.project && projectRunner && runnerInstalled(setup.project.root, projectRunner)) {
    // The runner stays warm from the baseline on (vitest's Node API, jest's runCLI).
    return createWarmProjectRunner(setup, projectRunner);
  }
  const tests = setup.tests.map((file) => ({ ...file, content: assertScriptAsNodeTests(file.path, file.content) ?? file.content }));
  if (setup.language === "typescript") return createTypeScriptRunner({ ...setup, tests }, createWarmNodeRunner);
  return createWarmNodeRunner({ ...setup, tests });
}
