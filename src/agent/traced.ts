import type { AgentDeps } from "./agent-deps.js";
import { PlainRoute } from "./plain-route.js";
import type { AgentNode, Route } from "./routing.js";
import type { AgentStateValue, AgentUpdate } from "./state.js";

type Node = (state: AgentStateValue) => AgentUpdate | Promise<AgentUpdate>;

/** A node that logs when it is entered (again on resume: the log shows re-runs too). */
export function tracedNode(name: AgentNode, node: Node, deps: AgentDeps): Node {
  return (state) => {
    deps.emit({ type: "node_entered", node: name, attempt: state.attempts });
    return node(state);
  };
}

/**
 * A conditional edge that logs the route it chose and why (`__start__`: the graph's entry,
 * LangGraph's `START`); a `PlainRoute`, so that choosing it costs no LangChain run.
 */
export function tracedRoute(
  from: AgentNode | "__start__",
  decide: (state: AgentStateValue, deps: AgentDeps) => Route,
  deps: AgentDeps,
): PlainRoute<AgentStateValue, AgentNode> {
  return new PlainRoute((state) => {
    const route = decide(state, deps);
    deps.emit({ type: "route", from, to: route.to, why: route.why });
    return route.to;
  });
}
