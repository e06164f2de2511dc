import { context, trace } from "@opentelemetry/api";
import { AsyncLocalStorageContextManager } from "@opentelemetry/context-async-hooks";
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor } from "@opentelemetry/sdk-trace-base";
import { HumanMessage } from "@langchain/core/messages";
import { MessagesAnnotation, END, START, StateGraph } from "@langchain/langgraph";
import { ToolNode, toolsCondition } from "@langchain/langgraph/prebuilt";
import { tool } from "@langchain/core/tools";
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { FreshIdToolModel } from "./__fixtures__/fresh-id-tool-model.js";
import { withErrorBoundary } from "./with-error-boundary.js";

const exporter = new InMemorySpanExporter();
const contextManager = new AsyncLocalStorageContextManager();

beforeAll(() => {
  context.setGlobalContextManager(contextManager.enable());
  trace.setGlobalTracerProvider(new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] }));
});
afterAll(() => {
  trace.disable();
  context.disable();
});

const lookup = tool(async ({ flight }) => JSON.stringify({ flight, status: "unknown", checkedAt: new Date().toISOString(), requestId: randomUUID() }), {
  name: "flight_status",
  description: "Departure status of a flight",
  schema: z.object({ flight: z.string() }),
});

function toolAgent(model: FreshIdToolModel) {
  return new StateGraph(MessagesAnnotation)
    .addNode("agent", async (state) => ({ messages: [await model.invoke(state.messages)] }))
    .addNode("tools", new ToolNode([lookup]))
    .addEdge(START, "agent")
    .addConditionalEdges("agent", toolsCondition, ["tools", END])
    .addEdge("tools", "agent")
    .compile();
}

describe("OpenTelemetry span events", () => {
  it("records each detection, intervention and the stop on the application's active span", async () => {
    const model = new FreshIdToolModel([{ toolCalls: [{ name: "flight_status", args: { flight: "BA117" } }] }]);
    const bounded = withErrorBoundary(toolAgent(model));
    const tracer = trace.getTracer("flight-app");

    const result = await tracer.startActiveSpan("answer-question", async (span) => {
      try {
        return await bounded.invoke({ messages: [new HumanMessage("Is BA117 on time?")] }, { recursionLimit: 100 });
      } finally {
        span.end();
      }
    });

    expect(result.boundary?.reason).toBe("stuck");
    const span = exporter.getFinishedSpans().find((s) => s.name === "answer-question");
    expect(span?.events.map((e) => e.name)).toEqual([
      "mendloop.boundary.detection",
      "mendloop.boundary.intervention",
      "mendloop.boundary.detection",
      "mendloop.boundary.intervention",
      "mendloop.boundary.stop",
    ]);
    expect(span?.events.at(-1)?.attributes).toMatchObject({ "boundary.status": "stopped", "boundary.reason": "stuck" });
  });
});
