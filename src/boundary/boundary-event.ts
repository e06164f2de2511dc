import type { BoundaryReport, BudgetKind } from "./boundary-report.js";
import type { Detection } from "./detection.js";
import type { InterventionRecord } from "./intervention.js";

/** A budget passed the warning fraction (or, in observe mode, its limit). */
export interface WarningEvent {
  type: "warning";
  budget: BudgetKind;
  node?: string;
  limit: number;
  used: number;
  fraction: number;
  /** True once the limit itself is reached (only reported in observe mode, where nothing stops). */
  exceeded: boolean;
  message: string;
}

export interface DetectionEvent {
  type: "detection";
  detection: Detection;
}

export interface InterventionEvent {
  type: "intervention";
  intervention: InterventionRecord;
}

export interface StopEvent {
  type: "stop";
  report: BoundaryReport;
}

/** A fault inside the boundary itself; the run went on (partly) unguarded. */
export interface FaultEvent {
  type: "fault";
  fault: BoundaryFault;
}

/** A failure of the boundary's own machinery or of a user-supplied function it called. */
export interface BoundaryFault {
  /** Where it happened: `signature`, `progress`, `policy`, `handler`, `intervention`, ... */
  where: string;
  message: string;
  /** What the boundary stopped doing because of it. */
  disabled: "detection" | "boundary" | "nothing";
}

/** Everything the boundary reports while a run goes, delivered through `onEvent`. */
export type BoundaryEvent = WarningEvent | DetectionEvent | InterventionEvent | StopEvent | FaultEvent;
