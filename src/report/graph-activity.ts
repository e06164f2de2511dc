import { edgeKey, type GraphActivity } from "./graph-diagram.js";
import { GRAPH_END, GRAPH_START } from "./graph-structure.js";
import type { LoggedEvent } from "./read-event-log.js";
import type { RunState } from "./run-state.js";

const TERMINAL_NODES = ["finish", "give_up"];

/**
 * What the run did on the graph, from its event log: how often each node was entered and
 * each route taken, and, for a paused or running run, the node it is in.
 */
export function graphActivity(events: readonly LoggedEvent[], state: RunState): GraphActivity {
  const visits = new Map<string, number>();
  const taken = new Map<string, number>();
  const bump = (map: Map<string, number>, key: string) => map.set(key, (map.get(key) ?? 0) + 1);
  let first: string | undefined;
  let last: string | undefined;
  for (const event of events) {
    if (event.type === "node_entered" && typeof event.node === "string") {
      first ??= event.node;
      last = event.node;
      bump(visits, event.node);
    } else if (event.type === "route" && typeof event.from === "string" && typeof event.to === "string") {
      bump(taken, edgeKey(event.from, event.to));
    }
  }
  if (first) {
    taken.set(edgeKey(GRAPH_START, first), 1);
    visits.set(GRAPH_START, 1);
  }
  for (const node of TERMINAL_NODES) {
    if (visits.has(node) && state.kind !== "running" && state.kind !== "paused") {
      taken.set(edgeKey(node, GRAPH_END), 1);
      visits.set(GRAPH_END, 1);
    }
  }
  const waiting = state.kind === "running" || state.kind === "paused";
  return { visits, taken, ...(waiting && last ? { current: last } : {}) };
}
