import { makeDiagnosis, type DiagnosisFields } from "../diagnosis/make-diagnosis.js";
import type { TaskFiles } from "../diagnosis/task-files.js";
import type { Diagnosis } from "../diagnosis/diagnosis.js";
import type { LayerReport } from "../shared/check-result.js";

export type LayerName = LayerReport["name"];

/** What one layer found: flat, so the validator can stop at the first `fail`. */
export type LayerOutcome =
  | { status: "pass"; reason?: string; tests?: Diagnosis["tests"] }
  | { status: "skipped"; reason: string }
  | { status: "fail"; diagnosis: Diagnosis };

/** One validation layer of a language, in the order the validator runs them. */
export interface Layer {
  name: LayerName;
  run(): Promise<LayerOutcome>;
}

/** A failing outcome, its diagnosis completed with context and signature. */
export function failed(files: TaskFiles, fields: DiagnosisFields): LayerOutcome {
  return { status: "fail", diagnosis: makeDiagnosis(files, fields) };
}
