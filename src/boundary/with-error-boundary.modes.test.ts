import { Annotation, END, MemorySaver, START, StateGraph } from "@langchain/langgraph";
import { describe, expect, it } from "vitest";
import { ModelProviderError } from "../errors/index.js";
import { ScriptedChatModel } from "./__fixtures__/scripted-chat-model.js";
import { toolLoopGraph } from "./__fixtures__/tool-loop-graph.js";
import type { BoundaryEvent } from "./boundary-event.js";
import { withErrorBoundary } from "./with-error-boundary.js";

const question = { messages: [{ role: "user", content: "What is the answer?" }] };
const searchForever = () => new ScriptedChatModel({ replies: [{ content: "", toolCalls: [{ name: "search", args: { q: "x" } }] }], usage: { input: 10, output: 5 } });
const answerAfter = (searches: number) =>
  new ScriptedChatModel({
    replies: [...Array.from({ length: searches }, (_, i) => ({ content: "", toolCalls: [{ name: "search", args: { q: `q${i}` } }] })), "42"],
    usage: { input: 10, output: 5 },
  });

const Counter = Annotation.Root({ n: Annotation<number>({ reducer: (_, next) => next, default: () => 0 }) });
function counter(until: number) {
  return new StateGraph(Counter)
    .addNode("count", (state) => ({ n: state.n + 1 }))
    .addEdge(START, "count")
    .addConditionalEdges("count", (state) => (state.n >= until ? END : "count"));
}

describe("withErrorBoundary modes and faults", () => {
  it("observe mode detects and reports but never stops or intervenes", async () => {
    const events: BoundaryEvent[] = [];
    const model = searchForever();
    const bounded = withErrorBoundary(toolLoopGraph(model), { mode: "observe", budgets: { steps: 4, tokens: 40 }, onEvent: (e) => events.push(e) });

    const error = await bounded.invoke(question, { recursionLimit: 12 }).catch((thrown: unknown) => thrown);

    // Nothing stopped the loop: LangGraph's own limit did, and its error is the caller's to see.
    expect((error as Error).name).toBe("GraphRecursionError");
    const summary = bounded.summary();
    expect(summary.mode).toBe("observe");
    expect(summary.steps).toBe(12);
    expect(summary.interventions).toEqual([]);
    expect(summary.detections.map((d) => d.kind)).toEqual(["alternation", "alternation"]);
    expect(events.filter((e) => e.type === "warning").map((e) => e.type === "warning" && e.source === "budget" && [e.budget, e.exceeded])).toEqual([
      ["steps", false],
      ["steps", true],
      ["tokens", false],
      ["tokens", true],
    ]);
    expect(events.some((e) => e.type === "stop" || e.type === "intervention")).toBe(false);
  });

  it("off mode is a bypass: the graph's own methods, nothing recorded", async () => {
    const graph = counter(3).compile();
    const bounded = withErrorBoundary(graph, { mode: "off", budgets: { steps: 1 } });

    expect(await bounded.invoke({ n: 0 })).toEqual({ n: 3 });
    expect(bounded.summary()).toMatchObject({ mode: "off", status: "idle", steps: 0 });
  });

  it("a throwing signature function does not kill the run: reported, that extractor off, budgets still on", async () => {
    const events: BoundaryEvent[] = [];
    const bounded = withErrorBoundary(counter(6).compile(), {
      signature: () => {
        throw new TypeError("cannot read properties of undefined (reading 'code')");
      },
      budgets: { steps: 4 },
      onEvent: (e) => events.push(e),
    });

    const result = await bounded.invoke({ n: 0 });

    expect(result.boundary?.reason).toBe("budget_steps");
    expect(bounded.summary().faults).toEqual([
      {
        where: "signature",
        message: "cannot read properties of undefined (reading 'code')",
        disabled: "signature extractor",
      },
    ]);
    expect(events.filter((e) => e.type === "fault")).toHaveLength(1);
    expect(bounded.summary().disabled).toEqual(["signature extractor"]);
  });

  it("a throwing price function is reported once and switched off; the run goes on", async () => {
    const model = answerAfter(2);
    const bounded = withErrorBoundary(toolLoopGraph(model), {
      budgets: { usd: 1 },
      price: () => {
        throw new Error("price table corrupt");
      },
    });

    const result = await bounded.invoke(question);

    expect(result.boundary).toBeUndefined();
    expect(result.messages.at(-1)?.content).toBe("42");
    expect(bounded.summary().faults).toEqual([{ where: "price", message: "price table corrupt", disabled: "price function" }]);
  });

  it("a throwing progress extractor switches off only itself: the loop is still stopped as stuck", async () => {
    const model = searchForever();
    const bounded = withErrorBoundary(toolLoopGraph(model), {
      // Reads a score the agent's reply was supposed to carry as JSON: the reply is "", JSON.parse throws.
      progress: (update) => (JSON.parse(String((update.messages as { content: unknown }[])[0].content)) as { score: number }).score,
      budgets: { tokens: 10_000 },
    });

    const result = await bounded.invoke(question);

    expect(result.boundary?.reason).toBe("stuck");
    expect(bounded.summary().disabled).toEqual(["progress extractor"]);
    expect(bounded.summary().faults).toHaveLength(1);
    expect(bounded.summary().usage.modelCalls).toBe(model.calls);
  });

  it("a throwing event listener is recorded and ignored", async () => {
    const bounded = withErrorBoundary(counter(5).compile(), {
      budgets: { steps: 6 },
      onEvent: () => {
        throw new Error("listener down");
      },
    });

    expect(await bounded.invoke({ n: 0 })).toEqual({ n: 5 });
    expect(bounded.summary().faults).toContainEqual({ where: "onEvent", message: "listener down", disabled: "nothing" });
  });

  it("turns a ModelProviderError escaping a node into a graceful stop with reason error, state kept", async () => {
    const checkpointer = new MemorySaver();
    const Chat = Annotation.Root({ turns: Annotation<string[]>({ reducer: (a, b) => a.concat(b), default: () => [] }) });
    const graph = new StateGraph(Chat)
      .addNode("draft", () => ({ turns: ["draft"] }))
      .addNode("ask", () => {
        throw new ModelProviderError("429 Too Many Requests: rate limit reached for gpt-4o-mini", { provider: "openai", status: 429, retries: 5 });
      })
      .addEdge(START, "draft")
      .addEdge("draft", "ask")
      .addEdge("ask", END)
      .compile({ checkpointer });

    const result = await withErrorBoundary(graph).invoke({ turns: ["start"] }, { configurable: { thread_id: "storm" } });

    expect(result.turns).toEqual(["start", "draft"]);
    expect(result.boundary).toMatchObject({
      status: "stopped",
      reason: "error",
      node: "ask",
      error: { node: "ask", name: "ModelProviderError", provider: "openai", status: 429 },
    });
    expect(result.boundary?.message).toMatch(/429 Too Many Requests: rate limit reached/);
  });

  it("passes a node error through unchanged in observe mode", async () => {
    const graph = new StateGraph(Counter)
      .addNode("boom", () => {
        throw new RangeError("out of range");
      })
      .addEdge(START, "boom")
      .compile();
    await expect(withErrorBoundary(graph, { mode: "observe" }).invoke({ n: 0 })).rejects.toThrow(RangeError);
  });

  it("lets the caller's own abort through as an abort", async () => {
    const model = new ScriptedChatModel({ replies: ["late"], latencyMs: 2000 });
    const controller = new AbortController();
    setTimeout(() => controller.abort(new Error("caller gave up")), 50);
    await expect(withErrorBoundary(toolLoopGraph(model)).invoke(question, { signal: controller.signal })).rejects.toThrow("caller gave up");
  });

  it("counts tokens per node and in total from the providers' reports", async () => {
    const bounded = withErrorBoundary(toolLoopGraph(answerAfter(2)), { budgets: { tokens: 10_000 }, defaultMaxOutputTokens: 100 });
    await bounded.invoke(question);
    const summary = bounded.summary();
    expect(summary.usage).toMatchObject({ modelCalls: 3, inputTokens: 30, outputTokens: 15, estimatedCalls: 0 });
    expect(summary.nodes.agent).toMatchObject({ executions: 3, modelCalls: 3, inputTokens: 30, outputTokens: 15 });
    expect(summary.nodes.tools).toMatchObject({ executions: 2, modelCalls: 0 });
    expect(summary.budgets).toEqual([{ kind: "tokens", limit: 10_000, used: 45, fraction: 0.0045 }]);
  });

  it("estimates the usage of a call whose provider reports none, and says so", async () => {
    const model = new ScriptedChatModel({ replies: ["forty-two"] });
    const bounded = withErrorBoundary(toolLoopGraph(model));
    await bounded.invoke(question);
    const { usage } = bounded.summary();
    expect(usage.estimatedCalls).toBe(1);
    expect(usage.inputTokens).toBeGreaterThan(5);
    expect(usage.outputTokens).toBeGreaterThan(0);
  });

  describe("stream", () => {
    it("streams like the graph and ends a stopped run with the report in each asked mode", async () => {
      const bounded = withErrorBoundary(counter(10).compile(), { budgets: { steps: 2 } });

      const chunks: unknown[] = [];
      for await (const chunk of await bounded.stream({ n: 0 }, { streamMode: ["updates", "values"] })) chunks.push(chunk);

      expect(chunks.slice(0, 5)).toEqual([
        ["values", { n: 0 }],
        ["updates", { count: { n: 1 } }],
        ["values", { n: 1 }],
        ["updates", { count: { n: 2 } }],
        ["values", { n: 2 }],
      ]);
      expect(chunks.slice(5)).toEqual([
        ["updates", { __boundary__: expect.objectContaining({ reason: "budget_steps" }) }],
        ["values", expect.objectContaining({ n: 2, boundary: expect.objectContaining({ reason: "budget_steps", step: 2 }) })],
      ]);
    });

    it("keeps the graph's default mode when none is asked", async () => {
      const bounded = withErrorBoundary(counter(10).compile(), { budgets: { steps: 1 } });
      const chunks: unknown[] = [];
      for await (const chunk of await bounded.stream({ n: 0 })) chunks.push(chunk);
      expect(chunks).toEqual([{ count: { n: 1 } }, { __boundary__: expect.objectContaining({ reason: "budget_steps" }) }]);
    });

    it('throws at the end of the stream with onStop: "throw"', async () => {
      const bounded = withErrorBoundary(counter(10).compile(), { budgets: { steps: 1 }, onStop: "throw" });
      const read = async () => {
        for await (const _ of await bounded.stream({ n: 0 }, { streamMode: "values" }));
      };
      await expect(read()).rejects.toMatchObject({ name: "BoundaryStopError", reason: "budget_steps" });
    });

    it("streams a run that completes unchanged", async () => {
      const chunks: unknown[] = [];
      for await (const chunk of await withErrorBoundary(counter(2).compile()).stream({ n: 0 }, { streamMode: "values" })) chunks.push(chunk);
      expect(chunks).toEqual([{ n: 0 }, { n: 1 }, { n: 2 }]);
    });
  });
});
