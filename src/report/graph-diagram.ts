import { escapeHtml } from "./escape-html.js";
import { type GraphLayout, label } from "./graph-layout.js";
import { GRAPH_END, GRAPH_START } from "./graph-structure.js";

/** What a run did on the graph, drawn over its structure. */
export interface GraphActivity {
  /** Times each node was entered. */
  visits: ReadonlyMap<string, number>;
  /** Times each edge was taken, keyed by `edgeKey(source, target)`. */
  taken: ReadonlyMap<string, number>;
  /** The node a paused or running run waits in. */
  current?: string;
}

export function edgeKey(source: string, target: string): string {
  return `${source}->${target}`;
}

/**
 * The graph as an inline SVG: nodes as boxes (shaded by how often the run entered them, with
 * the count), edges as arrows (dashed when conditional, bold when the run took them). Every
 * node and edge carries a `<title>` for a hover tooltip and `data-` attributes for tests.
 */
export function graphDiagramSvg(layout: GraphLayout, activity: GraphActivity): string {
  const maxVisits = Math.max(1, ...activity.visits.values());
  const edges = layout.edges.map((edge) => {
    const count = activity.taken.get(edgeKey(edge.source, edge.target)) ?? 0;
    const classes = ["edge", edge.conditional ? "conditional" : "", edge.back ? "back" : "", count > 0 ? "taken" : ""]
      .filter(Boolean)
      .join(" ");
    const title = `${label(edge.source)} → ${label(edge.target)}${edge.conditional ? " (conditional)" : ""}${count > 0 ? `, taken ${count}×` : ", not taken"}`;
    return `<path class="${classes}" data-source="${escapeHtml(edge.source)}" data-target="${escapeHtml(edge.target)}" d="${edge.path}" marker-end="url(#${count > 0 ? "arrow-taken" : "arrow"})"><title>${escapeHtml(title)}</title></path>`;
  });
  const nodes = layout.nodes.map((node) => {
    const visits = activity.visits.get(node.id) ?? 0;
    const terminal = node.id === GRAPH_START || node.id === GRAPH_END;
    const shade = visits > 0 ? 0.25 + 0.75 * (visits / maxVisits) : 0;
    const classes = ["node", terminal ? "terminal" : "", visits > 0 ? "visited" : "", activity.current === node.id ? "current" : ""]
      .filter(Boolean)
      .join(" ");
    const badge =
      visits > 0 && !terminal
        ? `<text class="visits" x="${node.x + node.width - 4}" y="${node.y - 3}" text-anchor="end">×${visits}</text>`
        : "";
    const title = `${label(node.id)}${terminal ? "" : `: entered ${visits}×`}${activity.current === node.id ? " (the run is here)" : ""}`;
    return (
      `<g class="${classes}" data-node="${escapeHtml(node.id)}" data-visits="${visits}"><title>${escapeHtml(title)}</title>` +
      `<rect x="${node.x}" y="${node.y}" width="${node.width}" height="${node.height}" rx="${terminal ? node.height / 2 : 6}" style="--shade:${shade.toFixed(2)}"/>` +
      `<text x="${node.x + node.width / 2}" y="${node.y + node.height / 2 + 4}" text-anchor="middle">${escapeHtml(label(node.id))}</text>${badge}</g>`
    );
  });
  const defs =
    `<defs>` +
    `<marker id="arrow" viewBox="0 0 10 10" refX="9" refY="5" markerUnits="userSpaceOnUse" markerWidth="9" markerHeight="9" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" class="arrowhead"/></marker>` +
    `<marker id="arrow-taken" viewBox="0 0 10 10" refX="9" refY="5" markerUnits="userSpaceOnUse" markerWidth="9" markerHeight="9" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" class="arrowhead taken"/></marker>` +
    `</defs>`;
  return `<svg id="graph-diagram" class="graph" viewBox="0 0 ${layout.width} ${layout.height}" width="${layout.width}" height="${layout.height}" role="img" aria-label="The loop's graph">${defs}${edges.join("")}${nodes.join("")}</svg>`;
}
