import type { ErrorType, SourceLocation, TestSummary } from "../shared/check-result.js";
import type { Diagnosis } from "./diagnosis.js";
import { errorSignature } from "./error-signature.js";
import { sourceContext } from "./source-context.js";
import { fileContent, type TaskFiles } from "./task-files.js";

export interface DiagnosisFields {
  errorType: ErrorType;
  summary: string;
  message: string;
  location?: SourceLocation;
  tests?: TestSummary;
}

/** Completes a diagnosis with the code around its location and its signature. */
export function makeDiagnosis(files: TaskFiles, fields: DiagnosisFields): Diagnosis {
  const content = fields.location ? fileContent(files, fields.location.file) : undefined;
  const context = content !== undefined && fields.location ? sourceContext(content, fields.location.line) : undefined;
  const diagnosis: Diagnosis = {
    ...fields,
    message: fields.message.trim().slice(0, 4000),
    signature: errorSignature(fields.errorType, fields.message, fields.location),
  };
  if (context !== undefined) diagnosis.context = context;
  return diagnosis;
}
