import type { Diagnosis } from "../diagnosis/diagnosis.js";
import { errorSignature } from "../diagnosis/error-signature.js";
import type { CheckResult } from "../shared/check-result.js";

/** The diagnosis the loop works from, read off a failed validation. */
export function toDiagnosis(check: CheckResult): Diagnosis {
  const errorType = check.errorType ?? "runtime";
  const message = check.message ?? check.summary;
  const diagnosis: Diagnosis = {
    errorType,
    summary: check.summary,
    message,
    signature: check.signature ?? errorSignature(errorType, message, check.location),
  };
  if (check.location) diagnosis.location = check.location;
  if (check.context) diagnosis.context = check.context;
  if (check.tests) diagnosis.tests = check.tests;
  return diagnosis;
}
