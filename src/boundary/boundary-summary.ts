import type { AdaptiveAdjustment } from "./adaptive-thresholds.js";
import type { BoundaryFault, WarningEvent } from "./boundary-event.js";
import type { BoundaryMode } from "./boundary-options.js";
import type { BoundaryReport, BoundaryUsage, BudgetStatus, Growth } from "./boundary-report.js";
import type { NodeStats } from "./budget-meter.js";
import type { Detection } from "./detection.js";
import type { DetectionThresholds } from "./detection-thresholds.js";
import type { InterventionRecord, NodeFailure } from "./intervention.js";

/** How the latest run under the boundary went. */
export type BoundaryRunStatus = "idle" | "running" | "completed" | "stopped" | "paused" | "interrupted" | "failed";

/** Everything the boundary knows about the latest run. */
export interface BoundarySummary {
  mode: BoundaryMode;
  /** `paused`: waiting for a person (ask_human); `interrupted`: the graph's own `interrupt()`. */
  status: BoundaryRunStatus;
  /** Present when the boundary stopped or paused the run. */
  report?: BoundaryReport;
  /** Node executions. */
  steps: number;
  /** Executions, errors, model calls, tokens and cost per node. */
  nodes: Record<string, NodeStats>;
  usage: BoundaryUsage;
  budgets: BudgetStatus[];
  warnings: WarningEvent[];
  detections: Detection[];
  interventions: InterventionRecord[];
  /**
   * Observe mode only: each detection as the `continue` it amounted to (nothing was done),
   * with how the run went on after it; what the adaptive store learns from.
   */
  observed?: InterventionRecord[];
  /** Node errors that escaped the graph. */
  errors: NodeFailure[];
  /** Failures of the boundary itself or of functions it was given. */
  faults: BoundaryFault[];
  /** Parts switched off by those faults; budgets and the recursion limit never are. */
  disabled: string[];
  /** Models the price table does not know: their calls count no cost. */
  unpricedModels: string[];
  /** The state's size before each superstep and the input tokens of each model call. */
  growth: Growth;
  /** Thresholds in effect (after adaptation, when enabled). */
  thresholds: DetectionThresholds;
  adaptive?: AdaptiveAdjustment;
}
