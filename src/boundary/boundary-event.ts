import type { BoundaryReport, BudgetKind } from "./boundary-report.js";
import type { Detection } from "./detection.js";
import type { InterventionRecord } from "./intervention.js";

/** A budget passed the warning fraction, or the next call may pass it (or, in observe mode, its limit). */
export interface BudgetWarningEvent {
  type: "warning";
  source: "budget";
  budget: BudgetKind;
  node?: string;
  limit: number;
  used: number;
  fraction: number;
  /** True once the limit itself is reached (only reported in observe mode, where nothing stops). */
  exceeded: boolean;
  message: string;
}

/**
 * A first stuck detection under the default policy: the run goes on, watched more closely;
 * the next detection stops it.
 */
export interface DetectionWarningEvent {
  type: "warning";
  source: "detection";
  detection: Detection;
  message: string;
}

/** A warning: a budget running out, or a pattern that will stop the run if it persists. */
export type WarningEvent = BudgetWarningEvent | DetectionWarningEvent;

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

/** A fault inside the boundary itself; only the part that failed was switched off. */
export interface FaultEvent {
  type: "fault";
  fault: BoundaryFault;
}

/** A failure of the boundary's own machinery or of a user-supplied function it called. */
export interface BoundaryFault {
  /** Where it happened: `signature`, `progress`, `policy`, `handler`, `intervention`, ... */
  where: string;
  message: string;
  /**
   * The part switched off for the rest of the run (`progress extractor`, `loop detector`,
   * `embeddings`, `adaptive thresholds`, `interventions`, ...), or `nothing`. Budgets and
   * the recursion limit are never switched off.
   */
  disabled: string;
}

/**
 * Everything the boundary reports while a run goes, delivered through `onEvent`. A bounded
 * graph running as a node of a bounded parent graph reports to the parent's boundary too:
 * there the event carries `subgraph`, the parent's node it ran as.
 */
export type BoundaryEvent = (WarningEvent | DetectionEvent | InterventionEvent | StopEvent | FaultEvent) & { subgraph?: string };
