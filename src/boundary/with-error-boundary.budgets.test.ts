import type { BaseMessage } from "@langchain/core/messages";
import { Annotation, END, GraphRecursionError, MemorySaver, START, StateGraph } from "@langchain/langgraph";
import { describe, expect, it } from "vitest";
import { BoundaryStopError } from "../errors/index.js";
import { ScriptedChatModel } from "./__fixtures__/scripted-chat-model.js";
import { toolLoopGraph } from "./__fixtures__/tool-loop-graph.js";
import type { BoundaryEvent } from "./boundary-event.js";
import { withErrorBoundary } from "./with-error-boundary.js";

const alwaysSearch = () => ({ content: "", toolCalls: [{ name: "search", args: { q: "the answer" } }] });
const question = { messages: [{ role: "user", content: "What is the answer?" }] };
// Stuck detection off, so that only the budget under test can stop the loop.
const noStuck = { thresholds: { loopRepeats: 1000 } };

describe("withErrorBoundary budgets", () => {
  it("stops an infinite tool loop at the step budget, before the next node, with the last state", async () => {
    const model = new ScriptedChatModel({ replies: [alwaysSearch()] });
    const bounded = withErrorBoundary(toolLoopGraph(model), { ...noStuck, budgets: { steps: 7 } });

    const result = await bounded.invoke(question);

    expect(result.boundary).toMatchObject({ status: "stopped", reason: "budget_steps", step: 7, node: "tools" });
    // agent, tools, agent, tools, agent, tools, agent: four model replies, three tool results.
    expect(model.calls).toBe(4);
    expect((result.messages as BaseMessage[]).map((m) => m.getType())).toEqual(["human", "ai", "tool", "ai", "tool", "ai", "tool", "ai"]);
    expect(bounded.summary()).toMatchObject({ status: "stopped", steps: 7, nodes: { agent: { executions: 4 }, tools: { executions: 3 } } });
  });

  it("turns LangGraph's recursion limit into a graceful stop, never a bare exception", async () => {
    const model = new ScriptedChatModel({ replies: [alwaysSearch()] });
    const bounded = withErrorBoundary(toolLoopGraph(model), noStuck);

    const result = await bounded.invoke(question, { recursionLimit: 6 });

    expect(result.boundary?.reason).toBe("recursion_limit");
    expect(result.boundary?.message).toMatch(/Recursion limit of 6/);
    expect(result.messages.length).toBeGreaterThan(1);
  });

  it("throws GraphRecursionError itself when asked to, for code that catches it", async () => {
    const model = new ScriptedChatModel({ replies: [alwaysSearch()] });
    const bounded = withErrorBoundary(toolLoopGraph(model), { ...noStuck, onRecursionLimit: "throw" });

    const error = await bounded.invoke(question, { recursionLimit: 6 }).catch((thrown: unknown) => thrown);

    expect(error).toBeInstanceOf(GraphRecursionError);
    expect(bounded.summary().report?.reason).toBe("recursion_limit");
  });

  it("raises the recursion limit so that a step budget above it decides", async () => {
    const model = new ScriptedChatModel({ replies: [alwaysSearch()] });
    const bounded = withErrorBoundary(toolLoopGraph(model), { ...noStuck, budgets: { steps: 40 } });

    const result = await bounded.invoke(question);

    expect(result.boundary).toMatchObject({ reason: "budget_steps", step: 40 });
  });

  it("stops before a second model call that the token budget cannot cover: the model is called once", async () => {
    const model = new ScriptedChatModel({ replies: [alwaysSearch()], usage: { input: 40, output: 20 }, maxTokens: 20 });
    const bounded = withErrorBoundary(toolLoopGraph(model), { ...noStuck, budgets: { tokens: 100 } });

    const result = await bounded.invoke(question);

    expect(model.calls).toBe(1);
    expect(result.boundary).toMatchObject({
      reason: "budget_tokens",
      node: "agent",
      usage: { modelCalls: 1, inputTokens: 40, outputTokens: 20, estimatedCalls: 0 },
    });
    expect(result.boundary?.message).toMatch(/40 of 100 are left/);
    // The state is the one the second agent call was given: the tool result is in it.
    expect(result.messages.map((m: BaseMessage) => m.getType())).toEqual(["human", "ai", "tool"]);
  });

  it("holds the estimate of calls in flight, so parallel calls cannot together pass the budget", async () => {
    const model = new ScriptedChatModel({ replies: ["ok"], usage: { input: 40, output: 20 }, maxTokens: 20 });
    const Answers = Annotation.Root({ answers: Annotation<string[]>({ reducer: (a, b) => a.concat(b), default: () => [] }) });
    const ask = async () => ({ answers: [String((await model.invoke("Name a prime number.")).content)] });
    const graph = new StateGraph(Answers)
      .addNode("left", ask)
      .addNode("right", ask)
      .addEdge(START, "left")
      .addEdge(START, "right")
      .compile();

    // One call's estimate fits in 50 tokens, two do not.
    const result = await withErrorBoundary(graph, { budgets: { tokens: 50 } }).invoke({ answers: [] });

    expect(model.calls).toBe(1);
    expect(result.boundary?.reason).toBe("budget_tokens");
  });

  it("counts the output cap the call declares, not only the input, before letting a call through", async () => {
    const model = new ScriptedChatModel({ replies: ["done"], usage: { input: 10, output: 5 }, maxTokens: 4000 });
    const bounded = withErrorBoundary(toolLoopGraph(model), { budgets: { tokens: 1000 } });

    const result = await bounded.invoke(question);

    expect(model.calls).toBe(0);
    expect(result.boundary?.reason).toBe("budget_tokens");
  });

  it("stops before a call that would pass the cost budget, priced from the table and its overrides", async () => {
    const model = new ScriptedChatModel({
      replies: [alwaysSearch()],
      usage: { input: 40, output: 20 },
      maxTokens: 20,
      model: "scripted-pro",
    });
    const bounded = withErrorBoundary(toolLoopGraph(model), {
      ...noStuck,
      budgets: { usd: 0.1 },
      prices: { "scripted-pro": { inputPerMTok: 1000, outputPerMTok: 2000 } },
    });

    const result = await bounded.invoke(question);

    expect(model.calls).toBe(1);
    expect(result.boundary?.reason).toBe("budget_cost");
    // 40 input tokens at $1000/M plus 20 output tokens at $2000/M.
    expect(result.boundary?.usage.costUsd).toBeCloseTo(0.08, 10);
    expect(bounded.summary().nodes.agent.costUsd).toBeCloseTo(0.08, 10);
  });

  it("reports models the price table does not know, whose calls count no cost", async () => {
    const model = new ScriptedChatModel({ replies: ["done"], usage: { input: 5, output: 5 }, model: "mystery-7b" });
    const bounded = withErrorBoundary(toolLoopGraph(model), { budgets: { usd: 1 } });

    await bounded.invoke(question);

    expect(bounded.summary().unpricedModels).toEqual(["mystery-7b"]);
    expect(bounded.summary().usage.costUsd).toBe(0);
  });

  it("stops at the time budget by aborting the run, mid-call", async () => {
    const model = new ScriptedChatModel({ replies: [alwaysSearch()], latencyMs: 150 });
    const bounded = withErrorBoundary(toolLoopGraph(model), { ...noStuck, budgets: { seconds: 0.4 } });

    const result = await bounded.invoke(question);

    expect(result.boundary?.reason).toBe("budget_time");
    expect(result.boundary?.usage.elapsedMs).toBeGreaterThanOrEqual(400);
    expect(result.messages[0].getType()).toBe("human");
  });

  it("enforces a per-node execution limit", async () => {
    const model = new ScriptedChatModel({ replies: [alwaysSearch()] });
    const bounded = withErrorBoundary(toolLoopGraph(model), { ...noStuck, budgets: { nodes: { tools: 2 } } });

    const result = await bounded.invoke(question);

    expect(result.boundary).toMatchObject({ reason: "node_limit", node: "tools", step: 5 });
    expect(bounded.summary().nodes.tools.executions).toBe(2);
    expect(bounded.summary().budgets).toContainEqual({ kind: "node", node: "tools", limit: 2, used: 2, fraction: 1 });
  });

  it("warns once per budget at the warning fraction", async () => {
    const events: BoundaryEvent[] = [];
    const model = new ScriptedChatModel({ replies: [alwaysSearch()], usage: { input: 10, output: 10 } });
    const bounded = withErrorBoundary(toolLoopGraph(model), {
      ...noStuck,
      budgets: { steps: 10, tokens: 10_000 },
      defaultMaxOutputTokens: 10,
      onEvent: (event) => events.push(event),
    });

    await bounded.invoke(question);

    const warnings = events.filter((e) => e.type === "warning");
    expect(warnings).toEqual([expect.objectContaining({ budget: "steps", used: 8, limit: 10, fraction: 0.8, exceeded: false })]);
    expect(bounded.summary().warnings).toEqual(warnings);
    expect(events.at(-1)).toMatchObject({ type: "stop", report: { reason: "budget_steps" } });
  });

  it("honours a custom warning fraction", async () => {
    const events: BoundaryEvent[] = [];
    const model = new ScriptedChatModel({ replies: [alwaysSearch()] });
    const bounded = withErrorBoundary(toolLoopGraph(model), {
      ...noStuck,
      budgets: { steps: 10 },
      warnAt: 0.5,
      onEvent: (event) => events.push(event),
    });

    await bounded.invoke(question);

    expect(events.filter((e) => e.type === "warning")).toEqual([expect.objectContaining({ budget: "steps", used: 5 })]);
  });

  it('throws a BoundaryStopError carrying the report and the state with onStop: "throw"', async () => {
    const model = new ScriptedChatModel({ replies: [alwaysSearch()] });
    const bounded = withErrorBoundary(toolLoopGraph(model), { ...noStuck, budgets: { steps: 3 }, onStop: "throw" });

    const error = await bounded.invoke(question).catch((thrown: unknown) => thrown);

    expect(BoundaryStopError.isInstance(error)).toBe(true);
    const stop = error as BoundaryStopError;
    expect(stop.reason).toBe("budget_steps");
    expect(stop.step).toBe(3);
    expect(stop.fault).toBe("system");
    expect((stop.state as { messages: unknown[] }).messages).toHaveLength(4);
  });

  it("keeps the checkpointed state on a stop, and the stopped thread resumes from it", async () => {
    const Counter = Annotation.Root({ n: Annotation<number>({ reducer: (_, next) => next, default: () => 0 }) });
    const graph = new StateGraph(Counter)
      .addNode("count", (state) => ({ n: state.n + 1 }))
      .addEdge(START, "count")
      .addConditionalEdges("count", (state) => (state.n >= 5 ? END : "count"))
      .compile({ checkpointer: new MemorySaver() });
    const config = { configurable: { thread_id: "resume-after-stop" } };

    const stopped = await withErrorBoundary(graph, { ...noStuck, budgets: { steps: 3 } }).invoke({ n: 0 }, config);
    expect(stopped).toMatchObject({ n: 3, boundary: { reason: "budget_steps" } });

    const finished = await withErrorBoundary(graph, noStuck).invoke(null, config);
    expect(finished).toEqual({ n: 5 });
  });
});
