import { Annotation, END, START, StateGraph } from "@langchain/langgraph";
import { describe, expect, it } from "vitest";
import { programVersion, repairExtractors, repairLoopGraph, type ScriptedAttempt } from "./__fixtures__/repair-loop-graph.js";
import { ScriptedChatModel } from "./__fixtures__/scripted-chat-model.js";
import { toolLoopGraph } from "./__fixtures__/tool-loop-graph.js";
import { terminatePolicy } from "./intervention-policy.js";
import { withErrorBoundary } from "./with-error-boundary.js";

/** These tests look at what each detector finds: the run stops at the first detection. */
const firstStop = { policy: terminatePolicy };

const question = { messages: [{ role: "user", content: "What is the answer?" }] };
const long = { recursionLimit: 100 };

/** Progress every third attempt; the failing test (and so the error) changes when it does. */
function slowButSure(total: number): ScriptedAttempt[] {
  return Array.from({ length: total * 3 }, (_, i) => {
    const passed = Math.floor((i + 1) / 3);
    return { code: programVersion(i, passed === total), passed, error: `AssertionError: test_${passed + 1}: expected 2, got 3` };
  });
}

describe("withErrorBoundary stuck detection", () => {
  it("warns at an infinite tool loop, then stops it as stuck when it persists, explaining the alternation", async () => {
    const model = new ScriptedChatModel({ replies: [{ content: "", toolCalls: [{ name: "search", args: { q: "answer" } }] }] });
    const bounded = withErrorBoundary(toolLoopGraph(model));

    const result = await bounded.invoke(question);

    expect(result.boundary).toMatchObject({ reason: "stuck", step: 10, node: "agent" });
    expect(model.calls).toBe(5);
    const [first, second] = result.boundary?.detections ?? [];
    expect(first).toMatchObject({ kind: "alternation", nodes: ["agent", "tools"], steps: [1, 2, 3, 4, 5, 6], period: 2 });
    expect(first.explanation).toMatch(/agent -> tools repeated 3 times/);
    expect(second).toMatchObject({ kind: "alternation", steps: [7, 8, 9, 10] });
    expect(bounded.summary().warnings).toEqual([expect.objectContaining({ source: "detection", detection: first })]);
    expect(bounded.summary().interventions).toEqual([
      expect.objectContaining({ kind: "continue", applied: true, trigger: { type: "detection", detection: first } }),
      expect.objectContaining({ kind: "terminate", applied: true, trigger: { type: "detection", detection: second } }),
    ]);
  });

  it("detects an A-B ping-pong between two nodes", async () => {
    const Court = Annotation.Root({ side: Annotation<string>({ reducer: (_, next) => next, default: () => "ping" }) });
    const graph = new StateGraph(Court)
      .addNode("ping", () => ({ side: "pong" }))
      .addNode("pong", () => ({ side: "ping" }))
      .addEdge(START, "ping")
      .addEdge("ping", "pong")
      .addEdge("pong", "ping")
      .compile();

    const result = await withErrorBoundary(graph, firstStop).invoke({ side: "ping" }, long);

    expect(result.boundary?.reason).toBe("stuck");
    expect(result.boundary?.detections).toEqual([
      expect.objectContaining({ kind: "alternation", nodes: ["ping", "pong"], signatures: [expect.stringMatching(/^ping:/), expect.stringMatching(/^pong:/)] }),
    ]);
    expect(result.side).toBe("ping");
  });

  it("does not stop a repair loop that converges slowly but surely", async () => {
    const attempts = slowButSure(4);
    const bounded = withErrorBoundary(repairLoopGraph({ attempts, total: 4 }), repairExtractors);

    const result = await bounded.invoke({}, long);

    expect(result.boundary).toBeUndefined();
    expect(result.passed).toBe(4);
    expect(result.attempt).toBe(12);
    expect(bounded.summary()).toMatchObject({ status: "completed", steps: 24, detections: [], interventions: [] });
  });

  it("does not stop it either with the default signatures alone", async () => {
    const bounded = withErrorBoundary(repairLoopGraph({ attempts: slowButSure(4), total: 4 }));
    const result = await bounded.invoke({}, long);
    expect(result.boundary).toBeUndefined();
    expect(bounded.summary().detections).toEqual([]);
  });

  it("stops a repair loop that keeps hitting the same error", async () => {
    const attempts = Array.from({ length: 10 }, (_, i) => ({ code: programVersion(i * 7), passed: 1, error: "NameError: name 'middel' is not defined" }));
    const bounded = withErrorBoundary(repairLoopGraph({ attempts, total: 3 }), {
      ...firstStop,
      errorSignature: repairExtractors.errorSignature,
    });

    const result = await bounded.invoke({}, long);

    expect(result.boundary?.reason).toBe("stuck");
    expect(result.boundary?.detections).toEqual([
      expect.objectContaining({ kind: "repeated_error", error: "NameError: name 'middel' is not defined", steps: [2, 4, 6, 8] }),
    ]);
    expect(result.attempt).toBe(4);
  });

  it("stops a repair loop whose progress stalls", async () => {
    const attempts = [0, 1, 1, 0, 1, 1, 1].map((passed, i) => ({ code: `v${i}`, passed, error: `E${i}` }));
    const bounded = withErrorBoundary(repairLoopGraph({ attempts, total: 3 }), { ...firstStop, progress: repairExtractors.progress });

    const result = await bounded.invoke({}, long);

    expect(result.boundary?.detections).toEqual([expect.objectContaining({ kind: "no_progress", progress: [1, 1, 0, 1, 1] })]);
    expect(result.attempt).toBe(6);
  });

  it("stops a repair loop that rewrites the same code, with the similarity figures", async () => {
    const attempts = [{ code: programVersion(1), passed: 0, error: "AssertionError: expected 2.5, got 3" }];
    const bounded = withErrorBoundary(repairLoopGraph({ attempts, total: 2 }), { ...firstStop, code: repairExtractors.code, progress: repairExtractors.progress });

    const result = await bounded.invoke({}, long);

    const detection = result.boundary?.detections[0];
    expect(detection).toMatchObject({ kind: "similar_code", nodes: ["repair"], steps: [3, 5] });
    expect(detection?.similarities).toEqual([
      { from: 1, to: 3, ratio: 1 },
      { from: 3, to: 5, ratio: 1 },
    ]);
    expect(result.attempt).toBe(3);
  });

  it("finds near-identical rewrites with figures below 1", async () => {
    const attempts = [1, 2, 3, 4, 5].map((v) => ({ code: programVersion(v), passed: 0, error: `E${v}` }));
    const bounded = withErrorBoundary(repairLoopGraph({ attempts, total: 2 }), { ...firstStop, code: repairExtractors.code, progress: repairExtractors.progress });

    const result = await bounded.invoke({}, long);

    const detection = result.boundary?.detections[0];
    expect(detection?.kind).toBe("similar_code");
    expect(detection?.similarities).toHaveLength(3);
    for (const figure of detection?.similarities ?? []) {
      expect(figure.ratio).toBeGreaterThan(0.97);
      expect(figure.ratio).toBeLessThan(1);
    }
  });

  it("uses a custom state signature to find a state coming back", async () => {
    const attempts = ["a", "b", "a", "c", "a", "d"].map((code, i) => ({ code, passed: 0, error: `E${i}` }));
    const bounded = withErrorBoundary(repairLoopGraph({ attempts, total: 1 }), { ...firstStop, signature: (update) => update.code });

    const result = await bounded.invoke({}, long);

    expect(result.boundary?.detections).toEqual([expect.objectContaining({ kind: "repeated_state", steps: [1, 5, 9] })]);
  });

  it("sees a loop through volatile fields such as durations", async () => {
    let clock = 0;
    const Poll = Annotation.Root({
      status: Annotation<string>({ reducer: (_, next) => next, default: () => "" }),
      elapsedMs: Annotation<number>({ reducer: (_, next) => next, default: () => 0 }),
    });
    const graph = new StateGraph(Poll)
      .addNode("poll", () => ({ status: "pending", elapsedMs: (clock += 17) }))
      .addEdge(START, "poll")
      .addConditionalEdges("poll", (state) => (state.status === "done" ? END : "poll"))
      .compile();

    const result = await withErrorBoundary(graph, firstStop).invoke({}, long);

    expect(result.boundary?.detections).toEqual([expect.objectContaining({ kind: "repeated_state", period: 1, nodes: ["poll"] })]);
  });
});
