import { writeFileSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { createSandbox } from "../sandbox/create-sandbox.js";
import type { CheckResult } from "../shared/check-result.js";
import { validate } from "../validation/validate.js";
import {
  type RecordedCheckName,
  recordedChecks,
  recordedChecksPath,
  recordedPrograms,
  recordedTask,
} from "./__fixtures__/recorded-checks.js";

// Five unit-test files replay median-checks.json instead of running the validator. This records
// it again, in memory, with the real validate(): when the validator's verdicts move on (a new
// error type, another signature, a Python that words its errors differently), the recording
// must follow, or those tests keep passing against a validator that no longer exists.
// `MEND_RECORD_FIXTURES=1` writes the new recording in place of the old one.

const sandbox = createSandbox({ onWarning: () => {} });
afterAll(() => sandbox.close());

/** What the tests built on the recording read from a check; timings and layer details vary by run. */
function essentials(check: CheckResult) {
  return {
    passed: check.passed,
    stage: check.stage,
    errorType: check.errorType,
    signature: check.signature,
    location: check.location,
    tests: check.tests && { passed: check.tests.passed, failed: check.tests.failed, errors: check.tests.errors },
    failingTests: check.tests?.failures.map((failure) => failure.name),
  };
}

describe("median-checks.json", () => {
  const names = Object.keys(recordedPrograms) as RecordedCheckName[];

  it("holds a check for each recorded program, and only those", () => {
    expect(Object.keys(recordedChecks).sort()).toEqual([...names].sort());
  });

  it.each(names)("still matches what validate() says of the %s program", async (name) => {
    const fresh = await validate({ ...recordedTask, code: recordedPrograms[name] }, { sandbox });
    if (process.env.MEND_RECORD_FIXTURES === "1") {
      recordedChecks[name] = fresh;
      writeFileSync(recordedChecksPath, `${JSON.stringify(recordedChecks, null, 2)}\n`);
    }
    expect(essentials(fresh)).toEqual(essentials(recordedChecks[name]));
  });
});
