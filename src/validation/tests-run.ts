import type { CheckResult } from "../shared/check-result.js";

/** Tests that ran in a validation (passed, failed or errored); 0 when the tests layer never ran. */
export function testsRun(check: CheckResult): number {
  const tests = check.tests;
  return tests ? tests.passed + tests.failed + tests.errors : 0;
}

/** Verified means tested: every layer passed, at least one test ran, and every test passed. */
export function isVerified(check: CheckResult): boolean {
  return check.passed && (check.tests?.passed ?? 0) > 0 && check.tests?.failed === 0 && check.tests.errors === 0;
}
