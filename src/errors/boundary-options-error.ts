import { MendError } from "./mend-error.js";

/**
 * Options of `withErrorBoundary` (or of a policy made for it) that cannot work, found when
 * the boundary is made: one line naming the option, what it needs and what it was given.
 */
export class BoundaryOptionsError extends MendError {
  /** The option at fault, as a dotted path (`budgets.steps`, `thresholds.loopRepeats`). */
  readonly option: string;

  constructor(option: string, message: string) {
    super("boundary_options", message, { fault: "user" });
    this.option = option;
  }

  static override isInstance(error: unknown): error is BoundaryOptionsError {
    return MendError.isInstance(error) && error.code === "boundary_options";
  }
}
