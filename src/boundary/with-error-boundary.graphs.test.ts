import { type BaseMessage, HumanMessage } from "@langchain/core/messages";
import { Annotation, Command, END, MemorySaver, MessageGraph, START, StateGraph, entrypoint, interrupt, task } from "@langchain/langgraph";
import { describe, expect, it } from "vitest";
import { ScriptedChatModel } from "./__fixtures__/scripted-chat-model.js";
import { withErrorBoundary } from "./with-error-boundary.js";

const usage = { input: 10, output: 5 };

describe("withErrorBoundary on other kinds of graphs", () => {
  it("counts a subgraph as one node of the graph it sits in, and the tokens spent inside it", async () => {
    const model = new ScriptedChatModel({ replies: ["draft", "review"], usage });
    const Notes = Annotation.Root({ notes: Annotation<string[]>({ reducer: (a, b) => a.concat(b), default: () => [] }) });
    const inner = new StateGraph(Notes)
      .addNode("write", async () => ({ notes: [String((await model.invoke("write")).content)] }))
      .addNode("review", async () => ({ notes: [String((await model.invoke("review")).content)] }))
      .addEdge(START, "write")
      .addEdge("write", "review")
      .compile();
    const outer = new StateGraph(Notes).addNode("team", inner).addNode("publish", () => ({ notes: ["published"] }));
    const graph = outer.addEdge(START, "team").addEdge("team", "publish").addEdge("publish", END).compile();
    const bounded = withErrorBoundary(graph, { budgets: { tokens: 1000 }, defaultMaxOutputTokens: 50 });

    const result = await bounded.invoke({ notes: [] });

    expect(result.notes).toEqual(["draft", "review", "published"]);
    const summary = bounded.summary();
    expect(summary.steps).toBe(2);
    expect(Object.keys(summary.nodes).sort()).toEqual(["publish", "review", "team", "write"]);
    expect(summary.nodes.team.executions).toBe(1);
    expect(summary.usage).toMatchObject({ modelCalls: 2, inputTokens: 20, outputTokens: 10 });
  });

  it("stops a functional-API workflow before a model call the token budget cannot cover", async () => {
    const model = new ScriptedChatModel({ replies: ["one", "two", "three"], usage, maxTokens: 20 });
    const ask = task("ask", async (question: string) => String((await model.invoke(question)).content));
    const workflow = entrypoint({ name: "workflow", checkpointer: new MemorySaver() }, async (questions: string[]) => {
      const answers: string[] = [];
      for (const question of questions) answers.push(await ask(question));
      return answers;
    });

    // Each call may take its input plus 20 output tokens and spends 15: two fit in 50, three do not.
    const result = await withErrorBoundary(workflow, { budgets: { tokens: 50 } }).invoke(["a", "b", "c"], {
      configurable: { thread_id: "functional" },
    });

    expect(model.calls).toBe(2);
    expect(result.boundary).toMatchObject({ reason: "budget_tokens", usage: { modelCalls: 2 } });
  });

  it("guards a MessageGraph", async () => {
    const model = new ScriptedChatModel({ replies: ["hello"], usage });
    const graph = new MessageGraph()
      .addNode("chat", async (messages) => [await model.invoke(messages)])
      .addEdge(START, "chat")
      .addEdge("chat", END)
      .compile();
    const bounded = withErrorBoundary(graph, { budgets: { steps: 5 } });

    // MessageGraph's input type is narrower than the messages it takes.
    const result = (await bounded.invoke([new HumanMessage("hi")] as never)) as unknown as BaseMessage[];

    expect(result.map((m) => m.content)).toEqual(["hi", "hello"]);
    expect(bounded.summary()).toMatchObject({ status: "completed", steps: 1, usage: { modelCalls: 1 } });
  });

  it("lets the graph's own interrupt pause the run and keeps counting across the resume", async () => {
    const Review = Annotation.Root({
      draft: Annotation<string>({ reducer: (_, next) => next, default: () => "" }),
      approved: Annotation<boolean>({ reducer: (_, next) => next, default: () => false }),
    });
    const graph = new StateGraph(Review)
      .addNode("write", () => ({ draft: "v1" }))
      .addNode("approve", () => ({ approved: interrupt({ question: "Publish v1?" }) === "yes" }))
      .addEdge(START, "write")
      .addEdge("write", "approve")
      .addEdge("approve", END)
      .compile({ checkpointer: new MemorySaver() });
    const bounded = withErrorBoundary(graph, { budgets: { steps: 10 } });
    const config = { configurable: { thread_id: "review" } };

    const paused = await bounded.invoke({ draft: "" }, config);
    expect(paused.__interrupt__?.[0].value).toEqual({ question: "Publish v1?" });
    expect(paused.boundary).toBeUndefined();
    expect(bounded.summary()).toMatchObject({ status: "interrupted", steps: 2, errors: [] });

    const done = await bounded.invoke(new Command({ resume: "yes" }), config);
    expect(done).toEqual({ draft: "v1", approved: true });
    expect(bounded.summary()).toMatchObject({ status: "completed", steps: 3 });
  });

  it("streams with subgraphs, ending with namespaced report chunks", async () => {
    const Counter = Annotation.Root({ n: Annotation<number>({ reducer: (_, next) => next, default: () => 0 }) });
    const graph = new StateGraph(Counter)
      .addNode("count", (state) => ({ n: state.n + 1 }))
      .addEdge(START, "count")
      .addEdge("count", "count")
      .compile();
    const chunks: unknown[] = [];
    const bounded = withErrorBoundary(graph, { budgets: { steps: 2 }, thresholds: { loopRepeats: 100 } });
    for await (const chunk of await bounded.stream({ n: 0 }, { streamMode: "values", subgraphs: true })) chunks.push(chunk);

    expect(chunks.at(-1)).toEqual([[], expect.objectContaining({ n: 2, boundary: expect.objectContaining({ reason: "budget_steps" }) })]);
  });
});
