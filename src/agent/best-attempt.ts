import type { CheckResult } from "../shared/check-result.js";
import { isVerified, testsRun } from "../validation/tests-run.js";
import type { ProgramFiles } from "./program-files.js";
import type { BestAttempt } from "./state.js";

/** Summarizes a validated attempt for the best-attempt comparison. */
export function toBestAttempt(n: number, code: string, check: CheckResult, files?: ProgramFiles | null): BestAttempt {
  return {
    n,
    code,
    ...(files ? { files } : {}),
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
