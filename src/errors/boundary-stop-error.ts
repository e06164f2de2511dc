import { MendError, type Fault } from "./mend-error.js";

/**
 * What a boundary stop carries. Kept structural here (errors sit below the boundary layer);
 * `src/boundary` fills it with its full `BoundaryReport`.
 */
export interface BoundaryStopDetails {
  /** Why the run stopped: `budget_steps`, `budget_tokens`, `budget_cost`, `budget_time`, `node_limit`, `stuck`, `error`, ... */
  reason: string;
  /** Human-readable explanation of the stop. */
  message: string;
  /** Node executions completed when the run stopped. */
  step: number;
  /** The node that was about to run or running, when there was one. */
  node?: string;
}

/**
 * An error boundary stopped a graph run and the caller asked for a throw (`onStop: "throw"`)
 * instead of the last state. `state` is the last state the boundary saw.
 */
export class BoundaryStopError extends MendError {
  readonly reason: string;
  readonly step: number;
  readonly node?: string;
  readonly report: BoundaryStopDetails;
  readonly state: unknown;

  constructor(report: BoundaryStopDetails, options: { state: unknown; cause?: unknown }) {
    super("boundary_stop", `run stopped (${report.reason}): ${report.message}`, {
      fault: faultOf(report.reason),
      cause: options.cause,
    });
    this.reason = report.reason;
    this.step = report.step;
    this.node = report.node;
    this.report = report;
    this.state = options.state;
  }

  static override isInstance(error: unknown): error is BoundaryStopError {
    return MendError.isInstance(error) && error.code === "boundary_stop";
  }
}

/** A loop that makes no progress is the model's doing; limits and faults are the system's. */
function faultOf(reason: string): Fault {
  return reason === "stuck" ? "model" : "system";
}
