import { escalatingPolicy } from "../boundary/intervention-policy.js";
import type { BoundaryEvent } from "../boundary/boundary-event.js";
import type { BoundaryMode } from "../boundary/boundary-options.js";
import type { BoundaryStopReason } from "../boundary/boundary-report.js";
import { withErrorBoundary } from "../boundary/with-error-boundary.js";
import type { Price } from "../models/pricing.js";
import type { RunEvent } from "../runs/run-event.js";
import type { RunReason } from "../shared/run-result.js";
import type { AgentGraph } from "./graph.js";

/** What is left of the run's budgets for this session (earlier sessions already spent some). */
export interface RemainingBudget {
  tokens?: number;
  usd?: number;
  seconds?: number;
}

/**
 * The loop under the error boundary: budgets enforced before each model call, and the
 * stuck detectors fed with what a code-repair loop knows (the error signature, tests passed,
 * the code of each attempt; all carried by validate's update). The first stuck detection
 * writes a note that switches the loop to a fresh approach; the second stops it with `stuck`.
 */
export function guardAgentGraph(
  graph: AgentGraph,
  options: { mode: BoundaryMode; budget: RemainingBudget; prices: Record<string, Price>; emit: (event: RunEvent) => void },
) {
  return withErrorBoundary(graph, {
    mode: options.mode,
    budgets: options.budget,
    prices: options.prices,
    errorSignature: (update) => (update.check && !update.check.passed ? update.check.signature : undefined),
    progress: (update) => (update.check ? (update.check.tests?.passed ?? 0) : undefined),
    code: (update) => (update.check && typeof update.code === "string" ? update.code : undefined),
    noteKey: "boundaryNote",
    policy: escalatingPolicy([{ kind: "modify_prompt" }, "terminate"]),
    onEvent: (event) => options.emit({ type: "boundary", kind: event.type, message: describe(event) }),
  });
}

/** The SPEC reason for a boundary stop. */
export function runReasonOf(reason: BoundaryStopReason): RunReason {
  switch (reason) {
    case "budget_tokens":
    case "budget_cost":
    case "budget_time":
    case "stuck":
      return reason;
    default:
      return "error";
  }
}

function describe(event: BoundaryEvent): string {
  switch (event.type) {
    case "warning":
      return event.message;
    case "detection":
      return event.detection.explanation;
    case "intervention":
      return `${event.intervention.kind}: ${event.intervention.detail}`;
    case "stop":
      return `${event.report.reason}: ${event.report.message}`;
    case "fault":
      return `${event.fault.where}: ${event.fault.message}`;
  }
}
