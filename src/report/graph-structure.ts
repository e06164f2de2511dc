/** A graph's nodes and edges, as LangGraph's drawable graph lists them. */
export interface GraphStructure {
  nodes: string[];
  edges: GraphEdge[];
  /** The same graph as Mermaid text (`drawMermaid()`), for people who paste it elsewhere. */
  mermaid: string;
}

export interface GraphEdge {
  source: string;
  target: string;
  /** A conditional edge: one of several routes a router may choose. */
  conditional: boolean;
}

/** LangGraph's names for the virtual entry and exit nodes. */
export const GRAPH_START = "__start__";
export const GRAPH_END = "__end__";
