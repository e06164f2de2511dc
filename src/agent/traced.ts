import type { AgentDeps } from "./agent-deps.js";
import { changedOnly } from "./changed-only.js";
import { PlainRunnable } from "./plain-runnable.js";
import type { AgentNode, Route } from "./routing.js";
import type { AgentStateValue, AgentUpdate } from "./state.js";

type Node = (state: AgentStateValue) => AgentUpdate | Promise<AgentUpdate>;

/**
 * A node that logs when it is entered (again on resume: the log shows re-runs too) and writes
 * only the channels its update changes.
 */
export function tracedNode(name: AgentNode, node: Node, deps: AgentDeps): Node {
  return async (state) => {
    deps.emit({ type: "node_entered", node: name, attempt: state.attempts });
    return changedOnly(state, await node(state));
  };
}

/**
 * `tracedNode` for a node that calls no model and no `interrupt()` (validation, bookkeeping,
 * the offline engine): a `PlainRunnable`, so that running it costs no LangChain run.
 */
export function tracedPlainNode(name: AgentNode, node: Node, deps: AgentDeps): PlainRunnable<AgentStateValue, AgentUpdate> {
  return new PlainRunnable(name, tracedNode(name, node, deps));
}

/**
 * A conditional edge that logs the route it chose and why (`__start__`: the graph's entry,
 * LangGraph's `START`); a `PlainRunnable`, so that choosing it costs no LangChain run.
 */
export function tracedRoute(
  from: AgentNode | "__start__",
  decide: (state: AgentStateValue, deps: AgentDeps) => Route,
  deps: AgentDeps,
): PlainRunnable<AgentStateValue, AgentNode> {
  return new PlainRunnable("condition", (state) => {
    const route = decide(state, deps);
    deps.emit({ type: "route", from, to: route.to, why: route.why });
    return route.to;
  });
}
