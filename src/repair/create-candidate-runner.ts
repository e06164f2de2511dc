import type { CandidateRunner, RunnerSetup } from "./candidate-runner.js";
import { createBatchRunner } from "./batch-candidate-runner.js";
import { createTypeScriptRunner } from "./typescript-candidate-runner.js";

/** The candidate runner for the program's language (TypeScript runs as transpiled JavaScript). */
export function createCandidateRunner(setup: RunnerSetup): CandidateRunner {
  if (setup.language === "typescript") return createTypeScriptRunner(setup, createBatchRunner);
  return createBatchRunner(setup);
}
