import type { BoundaryStopReason } from "./boundary-report.js";
import type { Intervention, InterventionRecord, InterventionTrigger } from "./intervention.js";

/** An intervention chosen by the policy, waiting to be carried out. */
export interface Decision {
  record: InterventionRecord;
  intervention: Intervention;
  trigger: InterventionTrigger;
}

/** Why the boundary aborts the graph's current run from inside: a stop, or a pause to intervene. */
export type Halt =
  | { type: "stop"; reason: BoundaryStopReason; message: string; node?: string }
  | { type: "intervene"; decision: Decision; pausedBefore: string[] };
