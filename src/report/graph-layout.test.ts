import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RunFolder } from "../runs/run-folder.js";
import type { RunMeta } from "../runs/run-meta.js";
import { agentGraphStructure } from "./agent-graph-structure.js";
import { layoutGraph } from "./graph-layout.js";
import { GRAPH_END, GRAPH_START, type GraphStructure } from "./graph-structure.js";

const runsDir = mkdtempSync(join(tmpdir(), "mend-layout-"));
afterAll(() => rmSync(runsDir, { recursive: true, force: true }));

let agentGraph: GraphStructure;
beforeAll(async () => {
  const meta: RunMeta = {
    schemaVersion: 1,
    runId: "layout-test",
    createdAt: new Date(0).toISOString(),
    command: "run",
    task: { prompt: "p", language: "python", entry: "a.py", tests: [] },
    model: "offline",
    maxAttempts: 3,
    budget: {},
    approve: false,
    elapsedMs: 0,
  };
  agentGraph = await agentGraphStructure(RunFolder.create(runsDir, meta), meta);
});

describe("the loop's graph, read from the compiled StateGraph", () => {
  it("has the loop's nodes between LangGraph's entry and exit", () => {
    expect(agentGraph.nodes).toEqual(expect.arrayContaining([GRAPH_START, GRAPH_END, "generate", "validate", "diagnose", "repair", "give_up"]));
    // The entry routes: to write_tests when generated tests are due, else straight to generate.
    expect(agentGraph.edges).toContainEqual({ source: GRAPH_START, target: "generate", conditional: true });
    expect(agentGraph.edges).toContainEqual({ source: GRAPH_START, target: "write_tests", conditional: true });
    expect(agentGraph.mermaid).toMatch(/^graph TD;/m);
  });
});

describe("layoutGraph", () => {
  it("places every node once, without overlaps, the entry first and the exit last", () => {
    const layout = layoutGraph(agentGraph);
    expect(layout.nodes.map((node) => node.id).sort()).toEqual([...agentGraph.nodes].sort());
    for (const a of layout.nodes) {
      expect(a.x).toBeGreaterThanOrEqual(0);
      expect(a.x + a.width).toBeLessThanOrEqual(layout.width);
      expect(a.y + a.height).toBeLessThanOrEqual(layout.height);
      for (const b of layout.nodes) {
        if (a === b) continue;
        const apart = a.x + a.width <= b.x || b.x + b.width <= a.x || a.y + a.height <= b.y || b.y + b.height <= a.y;
        expect(apart, `${a.id} overlaps ${b.id}`).toBe(true);
      }
    }
    const rank = new Map(layout.nodes.map((node) => [node.id, node.rank]));
    expect(rank.get(GRAPH_START)).toBe(0);
    expect(rank.get(GRAPH_END)).toBe(Math.max(...rank.values()));
  });

  it("marks exactly the edges that go back to an earlier or the same row as loops", () => {
    const layout = layoutGraph(agentGraph);
    const rank = new Map(layout.nodes.map((node) => [node.id, node.rank]));
    for (const edge of layout.edges) {
      expect(edge.back, `${edge.source} -> ${edge.target}`).toBe((rank.get(edge.target) ?? 0) <= (rank.get(edge.source) ?? 0));
    }
    expect(layout.edges.filter((edge) => edge.back).map((edge) => `${edge.source}->${edge.target}`)).toEqual(
      expect.arrayContaining(["repair->validate", "offline_repair->validate", "diagnose->generate"]),
    );
  });

  it("starts and ends every edge on the border of its nodes", () => {
    const layout = layoutGraph(agentGraph);
    const byId = new Map(layout.nodes.map((node) => [node.id, node]));
    for (const edge of layout.edges) {
      const numbers = edge.path.match(/-?\d+(\.\d+)?/g)?.map(Number) ?? [];
      const [startX, startY] = numbers;
      const source = byId.get(edge.source)!;
      const target = byId.get(edge.target)!;
      const onBorder = (node: typeof source, x: number, y: number) =>
        x >= node.x - 0.1 && x <= node.x + node.width + 0.1 && y >= node.y - 0.1 && y <= node.y + node.height + 0.1;
      expect(onBorder(source, startX, startY), `${edge.source} -> ${edge.target} starts at its source`).toBe(true);
      const end = edge.path.startsWith("M") && edge.path.includes("H")
        ? { x: numbers.at(-1)!, y: numbers.at(-2)! }
        : { x: numbers.at(-2)!, y: numbers.at(-1)! };
      expect(onBorder(target, end.x, end.y), `${edge.source} -> ${edge.target} ends at its target`).toBe(true);
    }
  });

  it("lays out a graph without a LangGraph entry, and a self-loop", () => {
    const layout = layoutGraph({ nodes: ["a", "b"], edges: [{ source: "a", target: "b", conditional: false }, { source: "b", target: "b", conditional: true }] });
    expect(layout.nodes.map((node) => [node.id, node.rank])).toEqual([["a", 0], ["b", 1]]);
    expect(layout.edges[1].back).toBe(true);
  });
});
