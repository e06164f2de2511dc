import type { BoundaryReport } from "./boundary-report.js";

/** An interrupt as LangGraph reports it under `__interrupt__`. */
export interface InterruptEntry {
  id: string;
  value: unknown;
}

/**
 * The last state with the boundary's report attached as `boundary` (and, for a pause, the
 * interrupt LangGraph callers look for). A state that is no object is wrapped as `value`.
 */
export function withReport(state: unknown, report: BoundaryReport, interrupts?: InterruptEntry[]): Record<string, unknown> {
  const extra = { boundary: report, ...(interrupts === undefined ? {} : { __interrupt__: interrupts }) };
  if (Array.isArray(state)) return Object.assign([...state], extra) as unknown as Record<string, unknown>;
  if (typeof state === "object" && state !== null) return { ...(state as Record<string, unknown>), ...extra };
  return { value: state, ...extra };
}

/**
 * The chunks a stream ends with when the boundary stops or pauses it, shaped like the
 * caller's stream: a `values` chunk with the report, an `updates` chunk `{ __boundary__ }`;
 * other modes get nothing (the report is also in `summary()` and the `stop` event).
 */
export function boundaryChunks(
  streamMode: unknown,
  graphModes: string | string[] | undefined,
  subgraphs: boolean,
  state: unknown,
  report: BoundaryReport,
  interrupts?: InterruptEntry[],
): unknown[] {
  const single = !Array.isArray(streamMode);
  const defaults = graphModes === undefined ? ["values"] : Array.isArray(graphModes) ? graphModes : [graphModes];
  const modes: unknown[] = Array.isArray(streamMode) ? streamMode : [streamMode ?? defaults[0]];
  const chunks: unknown[] = [];
  for (const mode of modes) {
    let payload: unknown;
    if (mode === "values") payload = withReport(state, report, interrupts);
    else if (mode === "updates") payload = { __boundary__: report, ...(interrupts === undefined ? {} : { __interrupt__: interrupts }) };
    else continue;
    if (single) chunks.push(subgraphs ? [[], payload] : payload);
    else chunks.push(subgraphs ? [[], mode, payload] : [mode, payload]);
  }
  return chunks;
}
