import type { GraphEdge, GraphStructure } from "./graph-structure.js";
import { GRAPH_START } from "./graph-structure.js";

export interface PlacedNode {
  id: string;
  /** Row: the longest path from the entry over forward edges. */
  rank: number;
  /** Position in its row, in order of discovery from the entry. */
  column: number;
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface RoutedEdge extends GraphEdge {
  /** An edge back to an earlier row (a loop in the graph). */
  back: boolean;
  /** SVG path data, ending at the target's border. */
  path: string;
}

export interface GraphLayout {
  nodes: PlacedNode[];
  edges: RoutedEdge[];
  width: number;
  height: number;
}

const NODE_HEIGHT = 30;
const ROW_GAP = 30;
const COLUMN_GAP = 40;
const LANE_GAP = 12;
const MARGIN = 16;
const CHAR_WIDTH = 7.4;

/**
 * A top-down layered layout small enough to write by hand for the graphs mendloop draws:
 * a depth-first walk from the entry finds the loops (back edges), rows are longest paths
 * over the other edges, and each row lists its nodes left to right in discovery order, so
 * the main path forms a straight spine (column 0). Edges between adjacent rows are curves;
 * edges that skip rows and loops run in vertical lanes, each lane shared only by edges whose
 * rows do not overlap.
 */
export function layoutGraph(graph: Pick<GraphStructure, "nodes" | "edges">): GraphLayout {
  const order = discoveryOrder(graph);
  const back = backEdges(graph, order);
  const rank = ranks(graph, order, back);
  const columns = new Map<number, number>();
  const placed = new Map<string, PlacedNode>();
  const columnWidth = new Map<number, number>();
  for (const id of order) {
    const r = rank.get(id) ?? 0;
    const column = columns.get(r) ?? 0;
    columns.set(r, column + 1);
    const width = Math.round(label(id).length * CHAR_WIDTH + 28);
    columnWidth.set(column, Math.max(columnWidth.get(column) ?? 0, width));
    placed.set(id, { id, rank: r, column, x: 0, y: r * (NODE_HEIGHT + ROW_GAP), width, height: NODE_HEIGHT });
  }

  // Edges that skip rows run in lanes: on the far left when they stay in the spine
  // (column 0), else in the gutter between the spine and the side columns, with the loops.
  const long = graph.edges.filter((edge) => back.has(edge) || span(edge, rank) > 1);
  const inSpine = (id: string) => (placed.get(id)?.column ?? 0) === 0;
  const leftEdges = long.filter((edge) => !back.has(edge) && inSpine(edge.source) && inSpine(edge.target));
  const gutterEdges = long.filter((edge) => !leftEdges.includes(edge));
  const leftLanes = assignLanes(leftEdges, rank);
  const gutterLanes = assignLanes(gutterEdges, rank);
  const leftWidth = (maxLane(leftLanes) + 1) * LANE_GAP;
  const gutterWidth = (maxLane(gutterLanes) + 1) * LANE_GAP;

  const columnX: number[] = [];
  let x = MARGIN + leftWidth + (leftLanes.size ? LANE_GAP : 0);
  for (let column = 0; column < columnWidth.size; column++) {
    columnX.push(x);
    x += (columnWidth.get(column) ?? 0) + (column === 0 ? gutterWidth + 2 * LANE_GAP : COLUMN_GAP);
  }
  for (const node of placed.values()) {
    // Nodes are centred in their column so vertical edges within a column stay straight.
    node.x = columnX[node.column] + ((columnWidth.get(node.column) ?? 0) - node.width) / 2;
    node.y += MARGIN;
  }
  const gutterStart = columnX[0] + (columnWidth.get(0) ?? 0) + LANE_GAP;

  // Each lane edge gets its own port on the node side it leaves or enters, spread over the
  // side's height, so edges sharing a node do not overlap.
  const laneX = new Map<GraphEdge, number>();
  for (const [edge, lane] of leftLanes) laneX.set(edge, MARGIN + leftWidth - lane * LANE_GAP - LANE_GAP);
  for (const [edge, lane] of gutterLanes) laneX.set(edge, gutterStart + lane * LANE_GAP);
  const ports = new Map<string, GraphEdge[]>();
  const portKey = (edge: GraphEdge, end: "source" | "target") => {
    const node = placed.get(edge[end]) as PlacedNode;
    return `${node.id}|${leftLanes.has(edge) || node.column > 0 ? "left" : "right"}`;
  };
  for (const edge of laneX.keys()) {
    for (const end of ["source", "target"] as const) {
      const key = portKey(edge, end);
      ports.set(key, [...(ports.get(key) ?? []), edge]);
    }
  }
  const portY = (edge: GraphEdge, end: "source" | "target"): number => {
    const node = placed.get(edge[end]) as PlacedNode;
    const list = ports.get(portKey(edge, end)) ?? [edge];
    const slot = list.indexOf(edge);
    return node.y + ((slot + 1) * node.height) / (list.length + 1);
  };
  const portX = (edge: GraphEdge, end: "source" | "target"): number => {
    const node = placed.get(edge[end]) as PlacedNode;
    return portKey(edge, end).endsWith("|left") ? node.x : node.x + node.width;
  };

  const edges: RoutedEdge[] = graph.edges.map((edge) => {
    const x = laneX.get(edge);
    const path =
      x === undefined
        ? curve(placed.get(edge.source) as PlacedNode, placed.get(edge.target) as PlacedNode)
        : `M${r(portX(edge, "source"))},${r(portY(edge, "source"))} H${r(x)} V${r(portY(edge, "target"))} H${r(portX(edge, "target"))}`;
    return { ...edge, back: back.has(edge), path };
  });
  const lastColumn = columnWidth.size - 1;
  const contentRight =
    lastColumn === 0 ? gutterStart + gutterWidth : columnX[lastColumn] + (columnWidth.get(lastColumn) ?? 0);
  const rows = Math.max(0, ...[...placed.values()].map((node) => node.rank)) + 1;
  return {
    nodes: [...placed.values()],
    edges,
    width: Math.round(contentRight + MARGIN),
    height: rows * (NODE_HEIGHT + ROW_GAP) - ROW_GAP + 2 * MARGIN,
  };
}

/** The text a node shows: LangGraph's `__start__`/`__end__` read as `start`/`end`. */
export function label(id: string): string {
  return id.replace(/^__(.*)__$/, "$1");
}

function discoveryOrder(graph: Pick<GraphStructure, "nodes" | "edges">): string[] {
  const seen = new Set<string>();
  const order: string[] = [];
  const visit = (id: string) => {
    if (seen.has(id)) return;
    seen.add(id);
    order.push(id);
    for (const edge of graph.edges) if (edge.source === id) visit(edge.target);
  };
  if (graph.nodes.includes(GRAPH_START)) visit(GRAPH_START);
  for (const id of graph.nodes) visit(id);
  return order;
}

/** Edges to a node still on the depth-first stack: the graph's loops. */
function backEdges(graph: Pick<GraphStructure, "nodes" | "edges">, order: readonly string[]): Set<GraphEdge> {
  const state = new Map<string, "open" | "done">();
  const back = new Set<GraphEdge>();
  const visit = (id: string) => {
    state.set(id, "open");
    for (const edge of graph.edges) {
      if (edge.source !== id) continue;
      const target = state.get(edge.target);
      if (target === "open") back.add(edge);
      else if (target === undefined) visit(edge.target);
    }
    state.set(id, "done");
  };
  for (const id of order) if (!state.has(id)) visit(id);
  return back;
}

function ranks(
  graph: Pick<GraphStructure, "nodes" | "edges">,
  order: readonly string[],
  back: ReadonlySet<GraphEdge>,
): Map<string, number> {
  const rank = new Map<string, number>(order.map((id) => [id, 0]));
  // Longest path over a DAG: relax until stable (the graphs are tiny).
  for (let changed = true, guard = 0; changed && guard <= order.length; guard++) {
    changed = false;
    for (const edge of graph.edges) {
      if (back.has(edge)) continue;
      const next = (rank.get(edge.source) ?? 0) + 1;
      if (next > (rank.get(edge.target) ?? 0)) {
        rank.set(edge.target, next);
        changed = true;
      }
    }
  }
  return rank;
}

function span(edge: GraphEdge, rank: ReadonlyMap<string, number>): number {
  return Math.abs((rank.get(edge.target) ?? 0) - (rank.get(edge.source) ?? 0));
}

/** Lane per edge: the first lane none of whose edges overlaps this one's rows. */
function assignLanes(edges: readonly GraphEdge[], rank: ReadonlyMap<string, number>): Map<GraphEdge, number> {
  const lanes: [number, number][][] = [];
  const assigned = new Map<GraphEdge, number>();
  const sorted = [...edges].sort((a, b) => span(a, rank) - span(b, rank));
  for (const edge of sorted) {
    const a = rank.get(edge.source) ?? 0;
    const b = rank.get(edge.target) ?? 0;
    const interval: [number, number] = [Math.min(a, b), Math.max(a, b)];
    let lane = lanes.findIndex((used) => used.every(([lo, hi]) => interval[1] < lo || interval[0] > hi));
    if (lane === -1) {
      lane = lanes.length;
      lanes.push([]);
    }
    lanes[lane].push(interval);
    assigned.set(edge, lane);
  }
  return assigned;
}

function maxLane(lanes: ReadonlyMap<GraphEdge, number>): number {
  return Math.max(-1, ...lanes.values());
}

function curve(from: PlacedNode, to: PlacedNode): string {
  const start = { x: from.x + from.width / 2, y: from.y + from.height };
  const end = { x: to.x + to.width / 2, y: to.y };
  const middle = (start.y + end.y) / 2;
  return `M${r(start.x)},${r(start.y)} C${r(start.x)},${r(middle)} ${r(end.x)},${r(middle)} ${r(end.x)},${r(end.y)}`;
}

function r(value: number): number {
  return Math.round(value * 10) / 10;
}
