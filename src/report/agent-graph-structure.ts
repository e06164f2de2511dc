import { MemorySaver } from "@langchain/langgraph";
import type { AgentDeps } from "../agent/agent-deps.js";
import { buildAgentGraph } from "../agent/graph.js";
import type { RunFolder } from "../runs/run-folder.js";
import type { RunMeta } from "../runs/run-meta.js";
import type { GraphStructure } from "./graph-structure.js";

/**
 * The structure of the loop's compiled StateGraph, read from the graph itself
 * (`getGraphAsync`), so the diagram can never drift from the code. Building the graph only
 * wires closures and calls none of its dependencies, so apart from the run's own fields they
 * are stand-ins that throw if anything ever calls them; a proxy serves them so the report
 * keeps building as the agent gains dependencies.
 */
export async function agentGraphStructure(folder: RunFolder, meta: RunMeta): Promise<GraphStructure> {
  const known: Partial<AgentDeps> = {
    runId: meta.runId,
    task: meta.task,
    limits: { maxAttempts: meta.maxAttempts, budget: meta.budget, approve: meta.approve },
    folder,
    model: null,
    repairer: null,
  };
  const deps = new Proxy(known, {
    get: (target, key) =>
      key in target
        ? target[key as keyof AgentDeps]
        : () => {
            throw new Error(`the report's graph is for drawing only: ${String(key)} must not be called`);
          },
  }) as AgentDeps;
  const drawable = await buildAgentGraph(deps, new MemorySaver()).getGraphAsync({});
  return {
    nodes: Object.values(drawable.nodes).map((node) => node.id),
    edges: drawable.edges.map((edge) => ({ source: edge.source, target: edge.target, conditional: edge.conditional ?? false })),
    mermaid: drawable.drawMermaid(),
  };
}
