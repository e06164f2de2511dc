import { MendError } from "./mend-error.js";

/** A model call refused because a budget shared by many runs (every worker of an eval) is spent. */
export class SharedBudgetError extends MendError {
  /** Which cap refused it. */
  readonly kind: "tokens" | "usd";

  constructor(kind: "tokens" | "usd", message: string) {
    // Not "user": that fault marks usage errors (exit 2), and a spent budget is a stop, not bad input.
    super("shared_budget", message, { fault: "system" });
    this.kind = kind;
  }

  static override isInstance(error: unknown): error is SharedBudgetError {
    return MendError.isInstance(error) && error.code === "shared_budget";
  }
}
