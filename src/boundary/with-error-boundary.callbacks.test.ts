import { BaseCallbackHandler } from "@langchain/core/callbacks/base";
import { CallbackManager } from "@langchain/core/callbacks/manager";
import { HumanMessage } from "@langchain/core/messages";
import type { RunnableConfig } from "@langchain/core/runnables";
import { Annotation, START, StateGraph } from "@langchain/langgraph";
import { ChatOpenAI } from "@langchain/openai";
import { afterEach, describe, expect, it } from "vitest";
import { type ScriptedServer, startScriptedServer } from "../testkit/scripted-server.js";
import { withErrorBoundary } from "./with-error-boundary.js";

let server: ScriptedServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** A node's own handler, as an application would pass one for logging. */
class CallLog extends BaseCallbackHandler {
  name = "call_log";
  ends = 0;
  override handleLLMEnd(): void {
    this.ends += 1;
  }
}

const Answers = Annotation.Root({ answers: Annotation<string[]>({ reducer: (a, b) => a.concat(b), default: () => [] }) });
// Stuck detection off, so that only the budget under test can stop the loop.
const noStuck = { thresholds: { loopRepeats: 1000 } };

/** A graph whose one node asks the model again and again, handing the call a `callbacks` option of its own. */
function askingForever(model: ChatOpenAI, callbacks: (config: RunnableConfig) => RunnableConfig["callbacks"]) {
  return new StateGraph(Answers)
    .addNode("ask", async (_state, config) => {
      const reply = await model.invoke([new HumanMessage("Name a prime number.")], { callbacks: callbacks(config) });
      return { answers: [String(reply.content)] };
    })
    .addEdge(START, "ask")
    .addConditionalEdges("ask", () => "ask")
    .compile();
}

async function scriptedOpenAI(): Promise<ChatOpenAI> {
  // Each call reports 70 + 20 tokens: after one, a budget of 100 cannot cover another.
  server = await startScriptedServer([{ reply: "7", usage: { input: 70, output: 20 } }], { onExhausted: "repeat-last" });
  return new ChatOpenAI({ model: "gpt-4o-mini", apiKey: "test-key", maxTokens: 20, maxRetries: 0, configuration: { baseURL: server.url } });
}

describe("withErrorBoundary and calls that bring their own callbacks", () => {
  it("charges a call whose node replaces its callbacks with a list of its own, and stops the loop at the token budget", async () => {
    const model = await scriptedOpenAI();
    const log = new CallLog();
    const bounded = withErrorBoundary(
      askingForever(model, () => [log]),
      { ...noStuck, budgets: { tokens: 100 } },
    );

    const result = await bounded.invoke({ answers: [] });

    expect(server?.requests).toHaveLength(1);
    expect(result.boundary).toMatchObject({ reason: "budget_tokens", node: "ask", usage: { modelCalls: 1, inputTokens: 70, outputTokens: 20 } });
    expect(result.answers).toEqual(["7"]);
    expect(bounded.summary().nodes.ask).toMatchObject({ modelCalls: 1, inputTokens: 70, outputTokens: 20 });
    // The node's own handler still sees its call end (it is also told of the refused second start).
    expect(log.ends).toBe(1);
  });

  it("charges a call made with a fresh CallbackManager, cut off from the run's", async () => {
    const model = await scriptedOpenAI();
    const bounded = withErrorBoundary(
      askingForever(model, () => CallbackManager.fromHandlers({})),
      { ...noStuck, budgets: { tokens: 100 } },
    );

    const result = await bounded.invoke({ answers: [] });

    expect(server?.requests).toHaveLength(1);
    expect(result.boundary).toMatchObject({ reason: "budget_tokens", usage: { modelCalls: 1 } });
  });

  it("counts a call once when the node adds its handler to the run's callbacks", async () => {
    const model = await scriptedOpenAI();
    const log = new CallLog();
    const bounded = withErrorBoundary(
      askingForever(model, (config) => {
        const inherited = config.callbacks;
        if (inherited === undefined || Array.isArray(inherited)) return [...(inherited ?? []), log];
        const manager = inherited.copy();
        manager.addHandler(log, true);
        return manager;
      }),
      { ...noStuck, budgets: { tokens: 100 } },
    );

    const result = await bounded.invoke({ answers: [] });

    expect(server?.requests).toHaveLength(1);
    expect(result.boundary).toMatchObject({ reason: "budget_tokens", usage: { modelCalls: 1, inputTokens: 70, outputTokens: 20 } });
    expect(log.ends).toBe(1);
  });

  it("charges such calls in streamed runs too", async () => {
    const model = await scriptedOpenAI();
    const bounded = withErrorBoundary(
      askingForever(model, () => [new CallLog()]),
      { ...noStuck, budgets: { tokens: 100 } },
    );

    const chunks: unknown[] = [];
    for await (const chunk of await bounded.stream({ answers: [] }, { streamMode: "updates" })) chunks.push(chunk);

    expect(server?.requests).toHaveLength(1);
    expect(chunks.at(-1)).toMatchObject({ __boundary__: { reason: "budget_tokens" } });
  });

  it("lets an outer and an inner boundary both charge a call made in the inner graph with callbacks of its own", async () => {
    const model = await scriptedOpenAI();
    const ask = async () => ({ answers: [String((await model.invoke("Name a prime number.", { callbacks: [new CallLog()] })).content)] });
    const inner = withErrorBoundary(new StateGraph(Answers).addNode("ask", ask).addEdge(START, "ask").compile(), { budgets: { tokens: 1000 } });
    const outer = withErrorBoundary(
      new StateGraph(Answers)
        .addNode("team", async () => ({ answers: (await inner.invoke({ answers: [] })).answers }))
        .addEdge(START, "team")
        .compile(),
      { budgets: { tokens: 1000 } },
    );

    expect(await outer.invoke({ answers: [] })).toEqual({ answers: ["7"] });
    expect(inner.summary().usage).toMatchObject({ modelCalls: 1, inputTokens: 70, outputTokens: 20 });
    expect(outer.summary().usage).toMatchObject({ modelCalls: 1, inputTokens: 70, outputTokens: 20 });
  });

  it("leaves nothing behind: a call made after the stopped run, outside the graph, goes through", async () => {
    const model = await scriptedOpenAI();
    const bounded = withErrorBoundary(
      askingForever(model, () => [new CallLog()]),
      { ...noStuck, budgets: { tokens: 100 } },
    );
    await bounded.invoke({ answers: [] });

    const reply = await model.invoke("Name another prime number.", { callbacks: [new CallLog()] });

    expect(reply.content).toBe("7");
    expect(server?.requests).toHaveLength(2);
    expect(bounded.summary().usage.modelCalls).toBe(1);
  });
});
