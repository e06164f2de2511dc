import type { RawTestRun } from "../diagnosis/raw-failure.js";
import type { TestSummary } from "../shared/check-result.js";

/** The test counts of a run in which nothing failed. */
export function passingSummary(run: RawTestRun): TestSummary {
  return { passed: run.cases.filter((test) => test.outcome === "passed").length, failed: 0, errors: 0, failures: [] };
}
