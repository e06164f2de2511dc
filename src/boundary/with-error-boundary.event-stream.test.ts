import { AIMessage, type BaseMessage } from "@langchain/core/messages";
import { Annotation, END, MemorySaver, MessagesAnnotation, START, StateGraph } from "@langchain/langgraph";
import { describe, expect, it } from "vitest";
import { withErrorBoundary } from "./with-error-boundary.js";

const SSE = { encoding: "text/event-stream" as const };

async function textOf(stream: AsyncIterable<Uint8Array>): Promise<string> {
  const decoder = new TextDecoder();
  let text = "";
  for await (const bytes of stream) text += decoder.decode(bytes, { stream: true });
  return text + decoder.decode();
}

function eventsOf(text: string): { event: string; data: any }[] {
  return text
    .split("\n\n")
    .filter((block) => block !== "")
    .map((block) => {
      const [eventLine, dataLine] = block.split("\n");
      return { event: eventLine.replace(/^event: /, ""), data: JSON.parse(dataLine.replace(/^data: /, "")) };
    });
}

/** Ids and clocks differ between two runs of the same graph; nothing else may. */
function masked(text: string): string {
  return text
    .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, "<id>")
    .replace(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z/g, "<time>");
}

/** A chat loop with a subgraph, custom events and messages: every kind of chunk the encoding treats apart. */
function chatGraph() {
  const Inner = Annotation.Root({ ...MessagesAnnotation.spec });
  const review = new StateGraph(Inner)
    .addNode("review", (_state, config) => {
      config.writer?.({ reviewing: true });
      return { messages: [new AIMessage({ content: "looks fine", id: "review-1" })] };
    })
    .addEdge(START, "review")
    .compile();
  return new StateGraph(MessagesAnnotation)
    .addNode("answer", () => ({ messages: [new AIMessage({ content: "42", id: "answer-1" })] }))
    .addNode("team", review)
    .addEdge(START, "answer")
    .addEdge("answer", "team")
    .addEdge("team", END)
    .compile({ checkpointer: new MemorySaver() });
}

const Counter = Annotation.Root({ n: Annotation<number>({ reducer: (_, next) => next, default: () => 0 }) });
const countForever = () =>
  new StateGraph(Counter)
    .addNode("count", (state) => ({ n: state.n + 1 }))
    .addEdge(START, "count")
    .addConditionalEdges("count", () => "count")
    .compile();

/** Counts forever, each step waiting for the event loop as a node waiting on a tool or a model does. */
const tickForever = (onStep: () => void) =>
  new StateGraph(Counter)
    .addNode("count", async (state) => {
      await new Promise((resolve) => setImmediate(resolve));
      onStep();
      return { n: state.n + 1 };
    })
    .addEdge(START, "count")
    .addConditionalEdges("count", () => "count")
    .compile();

async function encoded(graph: { stream(input: unknown, options: typeof SSE): Promise<AsyncIterable<Uint8Array>> }, options: Record<string, unknown>): Promise<string> {
  return textOf(await graph.stream({ messages: [{ role: "user", content: "What is the answer?" }] }, { ...SSE, ...options }));
}

describe("withErrorBoundary on text/event-stream streams", () => {
  it.each([
    ["one mode", { streamMode: "values" }],
    ["every mode, with subgraphs", { streamMode: ["values", "updates", "messages", "custom", "checkpoints", "tasks", "debug"], subgraphs: true }],
  ])("encodes a run that completes exactly as LangGraph does (%s)", async (_name, options) => {
    const plain = await encoded(chatGraph(), { ...options, configurable: { thread_id: "t" } });
    const bounded = await encoded(withErrorBoundary(chatGraph(), { budgets: { steps: 10 } }), { ...options, configurable: { thread_id: "t" } });

    expect(plain).toMatch(/^event: \w+\ndata: /);
    expect(masked(bounded)).toBe(masked(plain));
  });

  it("stops an encoded run at the budget and ends it with the report, as events of the modes asked", async () => {
    const bounded = withErrorBoundary(countForever(), { thresholds: { loopRepeats: 1000 }, budgets: { steps: 3 } });

    const events = eventsOf(await textOf(await bounded.stream({ n: 0 }, { ...SSE, streamMode: ["updates", "values"] })));

    expect(events.filter((e) => e.event === "updates").map((e) => e.data)).toEqual([
      { count: { n: 1 } },
      { count: { n: 2 } },
      { count: { n: 3 } },
      { __boundary__: expect.objectContaining({ status: "stopped", reason: "budget_steps", step: 3 }) },
    ]);
    expect(events.at(-1)).toMatchObject({ event: "values", data: { n: 3, boundary: { reason: "budget_steps" } } });
    expect(events.some((e) => e.event === "error")).toBe(false);
    expect(bounded.summary()).toMatchObject({ status: "stopped", steps: 3 });
  });

  it('ends with an error event, as LangGraph ends a failed run, with onStop: "throw"', async () => {
    const bounded = withErrorBoundary(countForever(), { thresholds: { loopRepeats: 1000 }, budgets: { steps: 2 }, onStop: "throw" });

    const events = eventsOf(await textOf(await bounded.stream({ n: 0 }, SSE)));

    // The graph's default mode, then the report in it, then the error a thrown stop becomes.
    expect(events.map((e) => e.event)).toEqual(["updates", "updates", "updates", "error"]);
    expect(events[2].data).toMatchObject({ __boundary__: { reason: "budget_steps" } });
    expect(events[3].data).toMatchObject({ error: "BoundaryStopError" });
  });

  it("stops the run when the reader cancels the stream: its graph takes no step more", async () => {
    let steps = 0;
    const bounded = withErrorBoundary(tickForever(() => (steps += 1)), { thresholds: { loopRepeats: 1000 } });

    const stream = await bounded.stream({ n: 0 }, { ...SSE, recursionLimit: 10_000 });
    for await (const _ of stream) break;

    // The yardstick is a graph of the same shape left running on the same event loop, not a
    // clock: while it takes its steps, a run that kept going would take steps too, however
    // slow the machine. One step already under way when the reader left may still land.
    const control = new AbortController();
    let controlSteps = 0;
    const running = tickForever(() => (controlSteps += 1))
      .invoke({ n: 0 }, { recursionLimit: 10_000, signal: control.signal })
      .catch((error: Error) => error.name);
    const afterControlSteps = async (count: number) => {
      const target = controlSteps + count;
      while (controlSteps < target) await new Promise((resolve) => setImmediate(resolve));
    };
    await afterControlSteps(10);
    const settled = steps;
    await afterControlSteps(100);
    control.abort();

    expect(await running).toBe("AbortError");
    expect(steps).toBe(settled);
    expect(settled).toBeLessThan(10);
  });

  it("keeps messages in the state readable: the events carry their dict form", async () => {
    const text = await encoded(withErrorBoundary(chatGraph()), { streamMode: "values", configurable: { thread_id: "m" } });
    const last = eventsOf(text).at(-1)?.data as { messages: BaseMessage[] };

    expect(last.messages.map((m) => [m.type, m.content])).toEqual([
      ["human", "What is the answer?"],
      ["ai", "42"],
      ["ai", "looks fine"],
    ]);
  });
});
