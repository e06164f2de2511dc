import { describe, expect, it } from "vitest";
import type { CheckResult } from "../shared/check-result.js";
import { rankByAgreement } from "./rank-by-agreement.js";

// Checks in the shape the validator gives for pytest runs (see validate.int.test.ts): failures
// named by test function, located in the file that holds the test.
function failing(failures: { name: string; file: string }[], total: number): CheckResult {
  return {
    passed: false,
    stage: "tests",
    errorType: "assertion",
    summary: `${failures.length} of ${total} tests failed`,
    tests: {
      passed: total - failures.length,
      failed: failures.length,
      errors: 0,
      failures: failures.map(({ name, file }) => ({ name, message: "assert 10 == 15", location: { file, line: 4 } })),
    },
    layers: [],
    executions: 1,
  };
}
const GENERATED = "test_mend_generated.py";
const KEPT = ["test_above", "test_far_above", "test_inside"];

describe("rankByAgreement", () => {
  it("prefers the program most others agree with over one that passes as many generated tests alone", () => {
    const pick = rankByAgreement(
      [
        { n: 1, code: "a", check: failing([{ name: "test_inside", file: GENERATED }], 5) },
        { n: 2, code: "b", check: failing([{ name: "test_far_above", file: GENERATED }], 5) },
        { n: 3, code: "c", check: failing([{ name: "test_far_above", file: GENERATED }], 5) },
      ],
      KEPT,
    );
    expect(pick).toEqual({ n: 2, code: "b", testsRun: 5, agreeing: 2, passed: 2 });
  });

  it("counts the same program twice as one, and leaves out programs that fail a user's test or an example", () => {
    const pick = rankByAgreement(
      [
        { n: 1, code: "a", check: failing([{ name: "test_far_above", file: GENERATED }], 5) },
        { n: 2, code: "a", check: failing([{ name: "test_far_above", file: GENERATED }], 5) },
        { n: 3, code: "c", check: failing([{ name: "test_mend_examples.py::test_requirement_line_3", file: "test_mend_examples.py" }, { name: "test_far_above", file: GENERATED }], 5) },
        { n: 4, code: "d", check: failing([{ name: "test_inside", file: GENERATED }], 5) },
      ],
      KEPT,
    );
    expect(pick).toMatchObject({ n: 1, agreeing: 1, passed: 2 });
  });
});
