import type { RunnableConfig } from "@langchain/core/runnables";
import { Runnable } from "@langchain/core/runnables";
import type { IterableReadableStream } from "@langchain/core/utils/stream";
import type { StateSnapshot } from "@langchain/langgraph";
import type { BoundableGraph } from "./boundable-graph.js";
import type { BoundarySummary } from "./boundary-summary.js";

/** What the wrapper supplies: the guarded invoke and stream, and the latest summary. */
export interface BoundedParts {
  invoke(input: unknown, config?: RunnableConfig): Promise<unknown>;
  stream(input: unknown, config?: RunnableConfig): Promise<IterableReadableStream<unknown>>;
  summary(): BoundarySummary;
}

/**
 * A bounded graph as a LangChain `Runnable`, so that it goes wherever the compiled graph
 * went: a node of a parent graph (`addNode("worker", bounded)`), `batch`, `streamEvents`,
 * `pipe`, `withConfig` all run through the guarded `invoke` and `stream`. The state methods
 * (`getState`, `getStateHistory`, `updateState`) are the graph's own.
 */
export class BoundedRunnable<G extends BoundableGraph, In = unknown, Out = unknown> extends Runnable<In, Out> {
  lc_namespace = ["mendloop", "boundary"];

  constructor(
    readonly graph: G,
    private readonly parts: BoundedParts,
  ) {
    super();
    const name = (graph as { name?: unknown }).name;
    if (typeof name === "string") this.name = name;
  }

  override invoke(input: In, config?: RunnableConfig): Promise<Out> {
    return this.parts.invoke(input, config) as Promise<Out>;
  }

  override stream(input: In, config?: RunnableConfig): Promise<IterableReadableStream<Out>> {
    return this.parts.stream(input, config) as Promise<IterableReadableStream<Out>>;
  }

  summary(): BoundarySummary {
    return this.parts.summary();
  }

  getState(config: RunnableConfig, options?: unknown): Promise<StateSnapshot> {
    return (this.graph.getState as (config: RunnableConfig, options?: unknown) => Promise<StateSnapshot>)(config, options);
  }

  getStateHistory(config: RunnableConfig, options?: unknown): AsyncIterable<StateSnapshot> {
    return (this.graph.getStateHistory as (config: RunnableConfig, options?: unknown) => AsyncIterable<StateSnapshot>)(config, options);
  }

  updateState(config: RunnableConfig, values: unknown, asNode?: string): Promise<RunnableConfig> {
    return this.graph.updateState(config, values, asNode);
  }
}
