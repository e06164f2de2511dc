import { Annotation, Command, END, MemorySaver, START, StateGraph } from "@langchain/langgraph";
import { describe, expect, it } from "vitest";
import { programVersion, repairExtractors, repairLoopGraph, type ScriptedAttempt } from "./__fixtures__/repair-loop-graph.js";
import { ScriptedChatModel } from "./__fixtures__/scripted-chat-model.js";
import { toolLoopGraph } from "./__fixtures__/tool-loop-graph.js";
import type { BoundaryEvent } from "./boundary-event.js";
import type { InterventionContext } from "./intervention-handlers.js";
import { escalatingPolicy, type InterventionPolicy } from "./intervention-policy.js";
import { withErrorBoundary } from "./with-error-boundary.js";

/** The model keeps returning the same wrong code; a changed strategy finds the fix. */
const stuckAttempts: ScriptedAttempt[] = [{ code: programVersion(1), passed: 1, error: "AssertionError: median([1, 2]) expected 1.5, got 2" }];
const rescue: ScriptedAttempt[] = [{ code: programVersion(0, true), passed: 3 }];
const options = { ...repairExtractors, recoveryWindow: 2 };

function setup(withRescue = true) {
  const checkpointer = new MemorySaver();
  const graph = repairLoopGraph({ attempts: stuckAttempts, total: 3, ...(withRescue ? { rescue } : {}), checkpointer });
  return { graph, config: { configurable: { thread_id: `t-${Math.random()}` }, recursionLimit: 100 } };
}

const always = (choice: ReturnType<InterventionPolicy>): InterventionPolicy => (trigger) => (trigger.type === "detection" ? choice : "terminate");

describe("withErrorBoundary interventions", () => {
  it("continue: records the detection, lets the run go on, and sees it did not recover", async () => {
    const model = new ScriptedChatModel({ replies: [{ content: "", toolCalls: [{ name: "search", args: { q: "x" } }] }] });
    const bounded = withErrorBoundary(toolLoopGraph(model), { policy: () => "continue", budgets: { steps: 13 }, recoveryWindow: 8 });

    const result = await bounded.invoke({ messages: [{ role: "user", content: "?" }] });

    expect(result.boundary?.reason).toBe("budget_steps");
    // After the first, the detectors watch more closely: two repeats make the next detection.
    expect(bounded.summary().detections.map((d) => d.at)).toEqual([6, 10]);
    expect(bounded.summary().interventions).toEqual([
      expect.objectContaining({ kind: "continue", applied: true, at: 6, outcome: "not_recovered", outcomeDetail: "new detection (alternation) 4 node executions later" }),
      expect.objectContaining({ kind: "continue", applied: true, at: 10, outcome: "unresolved" }),
    ]);
  });

  it("modify_prompt: writes the note (and an update) to the state, re-runs the next node, and the run recovers", async () => {
    const { graph, config } = setup();
    const bounded = withErrorBoundary(graph, { ...options, policy: always({ kind: "modify_prompt", update: { strategy: "fresh" } }) });

    const result = await bounded.invoke({}, config);

    expect(result.boundary).toBeUndefined();
    expect(result.passed).toBe(3);
    expect(result.strategy).toBe("fresh");
    expect(result.boundaryNote).toMatchObject({ intervention: "modify_prompt", detection: "similar_code", step: 6 });
    expect(result.boundaryNote?.message).toMatch(/changed almost nothing/);
    expect(result.log).toEqual(["repair 1", "check 1", "repair 2", "check 2", "repair 3", "check 3", "repair 4 (rescued)", "check 4"]);
    expect(bounded.summary().interventions).toEqual([
      expect.objectContaining({ kind: "modify_prompt", applied: true, outcome: "recovered", outcomeDetail: "progress rose from 1 to 3" }),
    ]);
  });

  it("alternative_path: skips the node that was about to run and routes to another", async () => {
    const policy = always({ kind: "alternative_path", goto: "rethink" });
    const { graph, config } = setup();
    const bounded = withErrorBoundary(graph, { ...options, policy });

    const result = await bounded.invoke({}, config);

    expect(result.passed).toBe(3);
    expect(result.log).toEqual(["repair 1", "check 1", "repair 2", "check 2", "repair 3", "check 3", "rethink", "repair 4 (rescued)", "check 4"]);
    expect(bounded.summary().interventions[0]).toMatchObject({
      kind: "alternative_path",
      applied: true,
      detail: 'skipped repair and routed to "rethink"',
      outcome: "recovered",
    });
  });

  it("rollback: returns to the checkpoint before the pattern began and goes on from there with a note", async () => {
    const policy = always({ kind: "rollback" });
    const { graph, config } = setup();
    const bounded = withErrorBoundary(graph, { ...options, policy });

    const result = await bounded.invoke({}, config);

    expect(result.passed).toBe(3);
    // The pattern began with the second repair (superstep 3): the run went back to the
    // checkpoint after the first check, so the rescued repair is the second attempt.
    expect(result.log).toEqual(["repair 1", "check 1", "repair 2 (rescued)", "check 2"]);
    expect(result.attempt).toBe(2);
    expect(result.boundaryNote).toMatchObject({ intervention: "rollback", detection: "similar_code" });
    expect(bounded.summary().interventions[0]).toMatchObject({
      kind: "rollback",
      applied: true,
      detail: "rolled back to the checkpoint of superstep 2, before the pattern began",
      outcome: "recovered",
    });
  });

  it("ask_human: pauses with an interrupt, then the caller's answer becomes the note and the run goes on", async () => {
    const policy = always({ kind: "ask_human", question: "The fixes go in circles. What should change?" });
    const { graph, config } = setup();
    const bounded = withErrorBoundary(graph, { ...options, policy });

    const paused = await bounded.invoke({}, config);

    expect(paused.boundary).toMatchObject({ status: "paused", reason: "ask_human", question: "The fixes go in circles. What should change?" });
    expect(paused.__interrupt__).toEqual([
      expect.objectContaining({ value: expect.objectContaining({ type: "boundary_ask_human", question: "The fixes go in circles. What should change?" }) }),
    ]);
    expect(bounded.summary().status).toBe("paused");

    const resumed = await bounded.invoke(new Command({ resume: "Even-length lists need the mean of the two middle values." }), config);

    expect(resumed.boundary).toBeUndefined();
    expect(resumed.passed).toBe(3);
    expect(resumed.boundaryNote).toMatchObject({ intervention: "ask_human", message: "Even-length lists need the mean of the two middle values." });
    expect(bounded.summary()).toMatchObject({ status: "completed", steps: 8 });
    expect(bounded.summary().interventions[0]).toMatchObject({ kind: "ask_human", outcome: "recovered" });
  });

  it("terminate after a first intervention that did not help: escalation as mendloop's agent uses it", async () => {
    const policy = escalatingPolicy([{ kind: "modify_prompt", update: { strategy: "fresh" } }, "terminate"]);
    const { graph, config } = setup(false);
    const events: BoundaryEvent[] = [];
    const bounded = withErrorBoundary(graph, { ...options, policy, onEvent: (event) => events.push(event) });

    const result = await bounded.invoke({}, config);

    expect(result.boundary?.reason).toBe("stuck");
    expect(bounded.summary().interventions.map((i) => [i.kind, i.outcome])).toEqual([
      ["modify_prompt", "not_recovered"],
      ["terminate", "unresolved"],
    ]);
    expect(events.map((e) => e.type)).toEqual(["detection", "intervention", "detection", "intervention", "stop"]);
  });

  it("falls back to terminate, and says why, when an intervention needs a checkpointer the graph lacks", async () => {
    const policy = always({ kind: "modify_prompt" });
    const bounded = withErrorBoundary(repairLoopGraph({ attempts: stuckAttempts, total: 3, rescue }), { ...options, policy });

    const result = await bounded.invoke({}, { recursionLimit: 100 });

    expect(result.boundary?.reason).toBe("stuck");
    expect(bounded.summary().interventions[0]).toMatchObject({ kind: "modify_prompt", applied: false, fallback: "terminate" });
    expect(bounded.summary().interventions[0].detail).toMatch(/modify_prompt needs a checkpointer and a thread_id/);
  });

  it("takes custom handlers in place of the built-in ones", async () => {
    const seen: InterventionContext[] = [];
    const policy = always({ kind: "modify_prompt", note: "Use the two middle values." });
    const { graph, config } = setup();
    const bounded = withErrorBoundary(graph, {
      ...options,
      policy,
      handlers: {
        async modify_prompt(context) {
          seen.push(context);
          return { type: "stop", reason: "stuck", message: "handled elsewhere" };
        },
      },
    });

    const result = await bounded.invoke({}, config);

    expect(result.boundary).toMatchObject({ reason: "stuck", message: "handled elsewhere" });
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ pausedBefore: ["repair"], lastNode: "check", hasCheckpointer: true });
    expect(seen[0].update.boundaryNote).toMatchObject({ message: "Use the two middle values." });
  });

  describe("retry", () => {
    const Fetch = Annotation.Root({ data: Annotation<string>({ reducer: (_, next) => next, default: () => "" }) });
    const flaky = (failures: number) => {
      let calls = 0;
      const graph = new StateGraph(Fetch)
        .addNode("fetch", () => {
          calls += 1;
          if (calls <= failures) throw new Error(`socket hang up (try ${calls})`);
          return { data: "ok" };
        })
        .addEdge(START, "fetch")
        .addEdge("fetch", END)
        .compile({ checkpointer: new MemorySaver() });
      return { graph, calls: () => calls };
    };
    const retry: InterventionPolicy = (trigger) => (trigger.type === "error" ? { kind: "retry", backoffMs: 5 } : "terminate");

    it("re-runs a node that threw, with backoff, and records that it recovered", async () => {
      const { graph, calls } = flaky(2);
      const bounded = withErrorBoundary(graph, { policy: retry });

      const result = await bounded.invoke({}, { configurable: { thread_id: "flaky" } });

      expect(result).toEqual({ data: "ok" });
      expect(calls()).toBe(3);
      const summary = bounded.summary();
      expect(summary.nodes.fetch).toMatchObject({ executions: 3, errors: 2 });
      expect(summary.errors.map((e) => e.signature)).toEqual(["Error: socket hang up (try #)", "Error: socket hang up (try #)"]);
      expect(summary.interventions.map((i) => [i.kind, i.outcome])).toEqual([
        ["retry", "not_recovered"],
        ["retry", "recovered"],
      ]);
      expect(summary.interventions[1].detail).toMatch(/retrying fetch after 10 ms \(retry 2 of 2\)/);
    });

    it("gives up after its retries with a graceful error stop", async () => {
      const { graph, calls } = flaky(10);
      const result = await withErrorBoundary(graph, { policy: retry }).invoke({}, { configurable: { thread_id: "down" } });

      expect(calls()).toBe(3);
      expect(result.boundary).toMatchObject({ reason: "error", node: "fetch", error: { node: "fetch", message: "socket hang up (try 3)" } });
      expect(result.boundary?.message).toMatch(/gave up after 2 retries/);
    });
  });
});
