import { readFileSync } from "node:fs";
import type { CheckResult } from "../../shared/check-result.js";
import type { Task } from "../../shared/task.js";
import { cannedReplies } from "../../testkit/canned-replies.js";

/** Which recorded check: `wrong` fails a test, `right` passes, `syntax` misses a colon, `nameError` uses an undefined name (caught by lint). */
export type RecordedCheckName = "wrong" | "right" | "syntax" | "nameError";

/** The median task the checks were recorded on: the testkit's Python tests. */
export const recordedTask: Task = {
  prompt: "Write median(values).",
  language: "python",
  entry: "median.py",
  tests: [{ path: "test_median.py", content: cannedReplies.python.code.tests }],
};

/** The program behind each recorded check; `recorded-checks.int.test.ts` validates them again. */
export const recordedPrograms: Record<RecordedCheckName, string> = {
  wrong: cannedReplies.python.code.wrong,
  right: cannedReplies.python.code.right,
  syntax: "def median(values)\n    return values[0]\n",
  nameError: "def median(values):\n    return ordered[len(values) // 2]\n",
};

/** Where the recording lives; `MEND_RECORD_FIXTURES=1` on the drift test writes it anew. */
export const recordedChecksPath = new URL("./median-checks.json", import.meta.url);

/** CheckResults recorded from the real `validate()` on `recordedPrograms` for `recordedTask`. */
export const recordedChecks = JSON.parse(readFileSync(recordedChecksPath, "utf8")) as Record<RecordedCheckName, CheckResult>;
