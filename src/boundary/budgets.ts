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
  /** Executions per node, e.g. `{ repair: 3 }`. */
  nodes?: Record<string, number>;
}
