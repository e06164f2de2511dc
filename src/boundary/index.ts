export { withErrorBoundary, type BoundedGraph, type BoundedResult, type StateOf } from "./with-error-boundary.js";
export type { BoundaryOptions, BoundaryMode, Extractor, ExtractorContext } from "./boundary-options.js";
export type { Budgets } from "./budgets.js";
export type { BoundaryReport, BoundaryStopReason, BoundaryUsage, BudgetKind, BudgetStatus, Growth } from "./boundary-report.js";
export type { CallSample, StateSize, StateSizeSample } from "./state-size.js";
export type { CompressFunction, CompressOption, MessageCompression, SummaryModel } from "./state-compression.js";
export type {
  BoundaryEvent,
  WarningEvent,
  BudgetWarningEvent,
  DetectionWarningEvent,
  DetectionEvent,
  InterventionEvent,
  StopEvent,
  FaultEvent,
  BoundaryFault,
} from "./boundary-event.js";
export type { BoundarySummary, BoundaryRunStatus } from "./boundary-summary.js";
export type { NodeStats } from "./budget-meter.js";
export type { Detection, DetectionKind, GrowthFigures, SimilarityFigure } from "./detection.js";
export { DEFAULT_THRESHOLDS, type DetectionThresholds } from "./detection-thresholds.js";
export type {
  Compression,
  Intervention,
  InterventionKind,
  InterventionOutcome,
  InterventionRecord,
  InterventionTrigger,
  NodeFailure,
} from "./intervention.js";
export {
  escalatingPolicy,
  growthPolicy,
  terminatePolicy,
  watchPolicy,
  type InterventionPolicy,
  type PolicyChoice,
  type PolicyContext,
} from "./intervention-policy.js";
export {
  defaultHandlers,
  type CompressionContext,
  type InterventionContext,
  type InterventionEffect,
  type InterventionHandler,
} from "./intervention-handlers.js";
export { boundaryNoteChannel, type BoundaryNote } from "./boundary-note.js";
export { ADAPTIVE_BOUNDS, type AdaptiveAdjustment, type OutcomeRecord } from "./adaptive-thresholds.js";
export type { BoundableGraph } from "./boundable-graph.js";
export { canonicalHash } from "./canonical-hash.js";
export { textSimilarity } from "./text-similarity.js";
export { normalizeErrorMessage } from "./normalize-error.js";
export { normalizeVolatile } from "./volatile-text.js";
