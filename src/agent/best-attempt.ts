import type { RunFolder } from "../runs/run-folder.js";
import type { CheckResult } from "../shared/check-result.js";
import { isVerified, testsRun } from "../validation/tests-run.js";
import type { ProgramFiles } from "./program-files.js";
import type { AgentStateValue, BestAttempt } from "./state.js";

/** Summarizes a validated attempt for the best-attempt comparison; its code stays where it is (`bestProgram`). */
export function toBestAttempt(n: number, check: CheckResult): BestAttempt {
  return {
    n,
    passed: isVerified(check),
    stage: check.stage,
    testsPassed: check.tests?.passed ?? 0,
    testsRun: testsRun(check),
    // A layer skipped after an earlier failure was not passed either: counting it ranks code
    // that got further (e.g. to the tests) above code that stopped at syntax.
    layersFailed: check.layers.filter((layer) => layer.status !== "pass").length,
  };
}

/**
 * The best attempt's program: the state's code when it is the latest attempt, else its
 * attempt file's (a checkpoint of an earlier version holds it in the best attempt itself).
 * Undefined when its file is gone.
 */
export function bestProgram(
  best: BestAttempt,
  state: Pick<AgentStateValue, "attempts" | "code" | "files">,
  folder: Pick<RunFolder, "readAttempt">,
): { code: string; files?: ProgramFiles } | undefined {
  if (best.code !== undefined) return { code: best.code, ...(best.files ? { files: best.files } : {}) };
  if (best.n === state.attempts && state.code !== null) return { code: state.code, ...(state.files ? { files: state.files } : {}) };
  const file = folder.readAttempt(best.n);
  return file ? { code: file.code, ...(file.files ? { files: file.files } : {}) } : undefined;
}

/**
 * The better of two attempts: a verified one, else most tests passed, then fewest layers
 * failed; on a tie the earlier one stays (a later attempt must improve to replace it).
 */
export function betterAttempt(current: BestAttempt | null, challenger: BestAttempt): BestAttempt {
  if (!current) return challenger;
  if (challenger.passed !== current.passed) return challenger.passed ? challenger : current;
  if (challenger.testsPassed !== current.testsPassed) {
    return challenger.testsPassed > current.testsPassed ? challenger : current;
  }
  return challenger.layersFailed < current.layersFailed ? challenger : current;
}
