/** Hard limits of one run. Absent fields mean no limit of that kind. */
export interface Budgets {
  /** Node executions. */
  steps?: number;
  /** Input plus output tokens, as providers report them. */
  tokens?: number;
  /** US dollars, from the price table (see `BoundaryOptions.prices`). */
  usd?: number;
  /** Wall-clock seconds the graph may run (pauses for a human do not count). */
  seconds?: number;
  /**
   * Bytes of the state the graph carries, serialized as JSON, measured before each
   * superstep. Passing it is a `state_size` detection: by default the state is compressed
   * (see `BoundaryOptions.compress`), and the run stops with `budget_state` when it cannot be.
   */
  stateBytes?: number;
  /** Messages in the state's messages channel; passing it is handled as `stateBytes` is. */
  messages?: number;
  /** Executions per node, e.g. `{ repair: 3 }`. */
  nodes?: Record<string, number>;
}
