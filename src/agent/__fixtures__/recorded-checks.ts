import { readFileSync } from "node:fs";
import type { CheckResult } from "../../shared/check-result.js";

/**
 * CheckResults recorded from the real `validate()` on the testkit's median programs
 * (`cannedReplies.python`): `wrong` fails a test, `right` passes, `syntax` misses a colon,
 * `nameError` uses an undefined name (caught by lint).
 */
export const recordedChecks = JSON.parse(
  readFileSync(new URL("./median-checks.json", import.meta.url), "utf8"),
) as Record<"wrong" | "right" | "syntax" | "nameError", CheckResult>;
