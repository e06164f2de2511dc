import { randomUUID } from "node:crypto";
import { HumanMessage } from "@langchain/core/messages";
import { tool } from "@langchain/core/tools";
import { createAgent } from "langchain";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { BoundaryOptionsError, BoundaryStopError } from "../errors/index.js";
import type { BoundaryEvent } from "./boundary-event.js";
import type { BoundaryOptions } from "./boundary-options.js";
import { FreshIdToolModel, type ToolReply } from "./__fixtures__/fresh-id-tool-model.js";
import { errorBoundaryMiddleware } from "./error-boundary-middleware.js";
import { escalatingPolicy } from "./intervention-policy.js";

/** A flight-status tool as people write one: its answer is stamped with the time and a request id. */
const flightStatus = tool(
  async ({ flight }) => JSON.stringify({ flight, status: "unknown", checkedAt: new Date().toISOString(), requestId: randomUUID() }),
  { name: "flight_status", description: "Departure status of a flight", schema: z.object({ flight: z.string() }) },
);

const askFlight = { messages: [new HumanMessage("Is BA117 on time?")] };
const callStatus: ToolReply = { toolCalls: [{ name: "flight_status", args: { flight: "BA117" } }] };
const long = { recursionLimit: 100 };

function agentWith(model: FreshIdToolModel, options: BoundaryOptions = {}) {
  const boundary = errorBoundaryMiddleware(options);
  const agent = createAgent({ model, tools: [flightStatus], middleware: [boundary] });
  return { agent, boundary };
}

describe("errorBoundaryMiddleware on createAgent", () => {
  it("stops a tool loop with fresh tool-call ids and timestamped results, and says why", async () => {
    const model = new FreshIdToolModel([callStatus]);
    const events: BoundaryEvent[] = [];
    const { agent, boundary } = agentWith(model, { onEvent: (e) => events.push(e) });

    const result = await agent.invoke(askFlight, long);

    expect(result.boundary?.reason).toBe("stuck");
    expect(result.boundary?.step).toBeLessThanOrEqual(12);
    expect(model.calls).toBeLessThanOrEqual(6);
    expect(String(result.messages.at(-1)?.content)).toMatch(/error boundary \(stuck\)/);
    expect(events.map((e) => e.type)).toEqual(["detection", "warning", "intervention", "detection", "intervention", "stop"]);
    expect(boundary.summary().status).toBe("stopped");
  });

  it("lets an agent that converges after two tool calls complete", async () => {
    const model = new FreshIdToolModel([callStatus, callStatus, "BA117 is on time."]);
    const { agent, boundary } = agentWith(model);

    const result = await agent.invoke(askFlight, long);

    expect(result.boundary).toBeUndefined();
    expect(result.messages.at(-1)?.content).toBe("BA117 is on time.");
    expect(boundary.summary().status).toBe("completed");
    expect(boundary.summary().usage.modelCalls).toBe(3);
  });

  it("refuses a model call the token budget cannot pay for, before it is made", async () => {
    const model = new FreshIdToolModel([callStatus]);
    const events: BoundaryEvent[] = [];
    const { agent, boundary } = agentWith(model, { budgets: { tokens: 400 }, onEvent: (e) => events.push(e) });

    const result = await agent.invoke(askFlight, long);

    expect(result.boundary?.reason).toBe("budget_tokens");
    const { usage } = boundary.summary();
    // Refused before it was made: the model saw only the calls the boundary counted.
    expect(model.calls).toBe(usage.modelCalls);
    expect(usage.modelCalls).toBeLessThan(4);
    expect(usage.inputTokens + usage.outputTokens).toBeLessThanOrEqual(400 + 150);
    expect(events.some((e) => e.type === "warning" && e.source === "budget")).toBe(true);
  });

  it("throws BoundaryStopError with the report when onStop is throw", async () => {
    const model = new FreshIdToolModel([callStatus]);
    const { agent } = agentWith(model, { onStop: "throw", budgets: { steps: 4 } });

    const error = await agent.invoke(askFlight, long).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(BoundaryStopError);
    expect((error as BoundaryStopError).reason).toBe("budget_steps");
  });

  it("keeps runs of one agent apart: each invocation has its own budget", async () => {
    const model = new FreshIdToolModel([callStatus, "BA117 is on time."]);
    const { agent, boundary } = agentWith(model, { budgets: { steps: 3 } });

    const first = await agent.invoke(askFlight, long);
    expect(first.boundary).toBeUndefined();
    expect(boundary.summary().steps).toBe(3);
    const second = await agent.invoke(askFlight, long);

    expect(second.boundary).toBeUndefined();
    expect(boundary.summary().steps).toBe(1);
  });

  it("stops instead of an intervention that needs the agent's checkpoints, and says so", async () => {
    const model = new FreshIdToolModel([callStatus]);
    const { agent, boundary } = agentWith(model, { policy: escalatingPolicy(["rollback"]) });

    const result = await agent.invoke(askFlight, long);

    expect(result.boundary?.reason).toBe("stuck");
    expect(result.boundary?.message).toMatch(/rollback needs a checkpointer/);
    expect(boundary.summary().interventions.map((r) => [r.kind, r.fallback])).toEqual([["rollback", "terminate"]]);
  });

  it("in off mode leaves the agent as it was: the loop runs to the recursion limit", async () => {
    const model = new FreshIdToolModel([callStatus]);
    const { agent, boundary } = agentWith(model, { mode: "off" });

    await expect(agent.invoke(askFlight, { recursionLimit: 12 })).rejects.toThrow(/Recursion limit/);
    expect(boundary.summary().mode).toBe("off");
  });

  it("ends an agent whose tool throws with a report instead of a bare exception, as withErrorBoundary does", async () => {
    let attempt = 0;
    const bookSeat = tool(
      async () => {
        attempt += 1;
        throw new Error(`Seat service unavailable (request ${randomUUID()}, attempt ${attempt})`);
      },
      { name: "book_seat", description: "Books a seat on a flight", schema: z.object({ flight: z.string() }) },
    );
    const model = new FreshIdToolModel([{ toolCalls: [{ name: "book_seat", args: { flight: "BA117" } }] }]);
    const boundary = errorBoundaryMiddleware();
    const agent = createAgent({ model, tools: [bookSeat], middleware: [boundary] });

    const result = await agent.invoke({ messages: [new HumanMessage("Book me a seat on BA117")] }, long);

    expect(result.boundary?.reason).toBe("error");
    expect(result.boundary?.message).toMatch(/Seat service unavailable/);
    expect(model.calls).toBe(1);
    expect(boundary.summary().errors.map((e) => e.node)).toEqual(["tools"]);
  });

  it("refuses invalid options when the middleware is made", () => {
    expect(() => errorBoundaryMiddleware({ budget: { steps: 3 } } as never)).toThrow(/did you mean "?budgets/);
    expect(() => errorBoundaryMiddleware({ budgets: { steps: -1 } })).toThrow(BoundaryOptionsError);
    expect(() => errorBoundaryMiddleware({ onStop: "explode" } as never)).toThrow(BoundaryOptionsError);
  });
});
