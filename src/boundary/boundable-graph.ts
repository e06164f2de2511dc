import type { RunnableConfig } from "@langchain/core/runnables";
import type { StateSnapshot } from "@langchain/langgraph";

/**
 * What the boundary needs of a graph: the surface every compiled LangGraph.js graph
 * (`StateGraph(...).compile()`, `MessagesGraph`, functional `entrypoint`) has.
 */
export interface BoundableGraph {
  invoke(input: any, options?: any): Promise<any>;
  stream(input: any, options?: any): Promise<AsyncIterable<any>>;
  getState(config: RunnableConfig): Promise<StateSnapshot>;
  getStateHistory(config: RunnableConfig): AsyncIterable<StateSnapshot>;
  updateState(config: RunnableConfig, values: unknown, asNode?: string): Promise<RunnableConfig>;
  bulkUpdateState?(
    config: RunnableConfig,
    supersteps: { updates: { values?: unknown; asNode?: string }[] }[],
  ): Promise<RunnableConfig>;
  checkpointer?: unknown;
  channels?: Record<string, unknown>;
  nodes?: Record<string, unknown>;
  streamMode?: string | string[];
  config?: RunnableConfig;
}

/** Whether the graph was compiled with a checkpointer of its own. */
export function hasCheckpointer(graph: BoundableGraph): boolean {
  return typeof graph.checkpointer === "object" && graph.checkpointer !== null;
}
