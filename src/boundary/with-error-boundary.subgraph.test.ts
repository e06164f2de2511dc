import { AIMessage, HumanMessage } from "@langchain/core/messages";
import { tool } from "@langchain/core/tools";
import { FakeListChatModel } from "@langchain/core/utils/testing";
import { END, MemorySaver, MessagesAnnotation, START, StateGraph } from "@langchain/langgraph";
import { ToolNode, toolsCondition } from "@langchain/langgraph/prebuilt";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { FreshIdToolModel, type ToolReply } from "./__fixtures__/fresh-id-tool-model.js";
import type { BoundaryEvent } from "./boundary-event.js";
import { withErrorBoundary } from "./with-error-boundary.js";

const weather = tool(async ({ city }) => JSON.stringify({ city, tempC: 14, observedAt: new Date().toISOString() }), {
  name: "weather",
  description: "Current weather",
  schema: z.object({ city: z.string() }),
});
const askWeather: ToolReply = { toolCalls: [{ name: "weather", args: { city: "Paris" } }] };

function worker(model: FreshIdToolModel) {
  return new StateGraph(MessagesAnnotation)
    .addNode("agent", async (state) => ({ messages: [await model.invoke(state.messages)] }))
    .addNode("tools", new ToolNode([weather]))
    .addEdge(START, "agent")
    .addConditionalEdges("agent", toolsCondition, ["tools", END])
    .addEdge("tools", "agent")
    .compile();
}

const question = { messages: [new HumanMessage("What is the weather in Paris?")] };

describe("a bounded graph as a drop-in for the compiled graph", () => {
  it("works as a node of a parent graph", async () => {
    const model = new FreshIdToolModel([askWeather, "14 degrees in Paris."]);
    const bounded = withErrorBoundary(worker(model), { budgets: { steps: 20 } });
    const parent = new StateGraph(MessagesAnnotation).addNode("weather_worker", bounded).addEdge(START, "weather_worker").addEdge("weather_worker", END).compile();

    const result = await parent.invoke(question);

    expect(result.messages.at(-1)?.content).toBe("14 degrees in Paris.");
    expect(bounded.summary()).toMatchObject({ status: "completed", steps: 3 });
  });

  it("passes getState, updateState, getStateHistory, batch and streamEvents through", async () => {
    const model = new FreshIdToolModel(["Sunny."]);
    const bounded = withErrorBoundary(new StateGraph(MessagesAnnotation)
      .addNode("agent", async (state) => ({ messages: [await model.invoke(state.messages)] }))
      .addEdge(START, "agent")
      .addEdge("agent", END)
      .compile({ checkpointer: new MemorySaver() }));
    const config = { configurable: { thread_id: "t-1" } };

    await bounded.invoke(question, config);
    expect((await bounded.getState(config)).values.messages.map((m: AIMessage) => m.content)).toEqual(["What is the weather in Paris?", "Sunny."]);
    await bounded.updateState(config, { messages: [new AIMessage("Corrected: cloudy.")] }, "agent");
    expect((await bounded.getState(config)).values.messages.at(-1).content).toBe("Corrected: cloudy.");
    const history = [];
    for await (const snapshot of bounded.getStateHistory(config)) history.push(snapshot);
    expect(history.length).toBeGreaterThan(2);

    const batch = await bounded.batch([question, question], [{ configurable: { thread_id: "t-2" } }, { configurable: { thread_id: "t-3" } }]);
    expect(batch.map((r) => (r as typeof question).messages.length)).toEqual([2, 2]);

    const events = [];
    for await (const event of bounded.streamEvents(question, { version: "v2", configurable: { thread_id: "t-4" } })) events.push(event.event);
    expect(events).toContain("on_chat_model_start");
    expect(events).toContain("on_chain_end");
  });
});

describe("boundaries across agents", () => {
  /** A supervisor that keeps sending work to the researcher, which keeps asking for the writer. */
  function handoffCycle(options: { boundedWorker: boolean; onEvent?: (e: BoundaryEvent) => void }) {
    const supervisorModel = new FakeListChatModel({ responses: ["Researcher: find the 2025 revenue figure for ACME Corp and report back."] });
    const researcherModel = new FakeListChatModel({ responses: ["I cannot find it without the writer's draft; sending it back to the supervisor."] });
    const researcher = new StateGraph(MessagesAnnotation)
      .addNode("research", async (state) => ({ messages: [await researcherModel.invoke(state.messages)] }))
      .addEdge(START, "research")
      .addEdge("research", END)
      .compile();
    const researcherNode = options.boundedWorker ? withErrorBoundary(researcher, { onEvent: options.onEvent }) : researcher;
    const parent = new StateGraph(MessagesAnnotation)
      .addNode("supervisor", async (state) => ({ messages: [await supervisorModel.invoke(state.messages)] }))
      .addNode("researcher", researcherNode)
      .addEdge(START, "supervisor")
      .addEdge("supervisor", "researcher")
      .addEdge("researcher", "supervisor")
      .compile();
    return { parent, supervisorModel, researcherModel };
  }

  it("stops a supervisor and a worker handing work back and forth", async () => {
    const { parent } = handoffCycle({ boundedWorker: true });
    const bounded = withErrorBoundary(parent, { budgets: { tokens: 100_000 } });

    const result = await bounded.invoke({ messages: [new HumanMessage("Write the ACME revenue summary.")] }, { recursionLimit: 100 });

    expect(result.boundary?.reason).toBe("stuck");
    expect(result.boundary?.step).toBeLessThanOrEqual(12);
    expect(result.boundary?.detections[0]).toMatchObject({ kind: "alternation", nodes: ["supervisor", "researcher"] });
    // One view of the budgets: the parent counts the worker's model calls too.
    expect(bounded.summary().usage.modelCalls).toBe(result.boundary?.step);
  });

  it("a bounded worker that stops reports to the parent's boundary, which stops too", async () => {
    const events: BoundaryEvent[] = [];
    const looping = withErrorBoundary(worker(new FreshIdToolModel([askWeather])));
    const parent = new StateGraph(MessagesAnnotation)
      .addNode("weather_worker", looping)
      .addNode("reporter", () => ({ messages: [new AIMessage("Report sent.")] }))
      .addEdge(START, "weather_worker")
      .addEdge("weather_worker", "reporter")
      .addEdge("reporter", END)
      .compile();
    const bounded = withErrorBoundary(parent, { onEvent: (e) => events.push(e) });

    const result = await bounded.invoke(question);

    expect(looping.summary().report?.reason).toBe("stuck");
    expect(result.boundary).toMatchObject({ reason: "stuck", node: "weather_worker" });
    expect(result.boundary?.message).toMatch(/the bounded subgraph "weather_worker" stopped \(stuck\)/);
    expect(events.filter((e) => e.subgraph === "weather_worker").map((e) => e.type)).toEqual(["detection", "warning", "intervention", "detection", "intervention", "stop"]);
    expect(bounded.summary().detections).toHaveLength(2);
    expect(result.messages.at(-1)?.content).not.toBe("Report sent.");
  });
});
