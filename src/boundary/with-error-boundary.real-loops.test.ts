import { randomUUID } from "node:crypto";
import { Embeddings } from "@langchain/core/embeddings";
import { AIMessage, HumanMessage } from "@langchain/core/messages";
import { tool } from "@langchain/core/tools";
import { FakeListChatModel } from "@langchain/core/utils/testing";
import { Annotation, END, MessagesAnnotation, START, StateGraph } from "@langchain/langgraph";
import { ToolNode, toolsCondition } from "@langchain/langgraph/prebuilt";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import type { BoundaryEvent } from "./boundary-event.js";
import { FreshIdToolModel, type ToolReply } from "./__fixtures__/fresh-id-tool-model.js";
import { textSimilarity } from "./text-similarity.js";
import { withErrorBoundary } from "./with-error-boundary.js";

const long = { recursionLimit: 100 };

/** A flight-status tool as people write one: its answer is stamped with the time and a request id. */
const flightStatus = tool(
  async ({ flight }) => JSON.stringify({ flight, status: "unknown", checkedAt: new Date().toISOString(), requestId: randomUUID() }),
  { name: "flight_status", description: "Departure status of a flight", schema: z.object({ flight: z.string() }) },
);

/** The ToolNode agent loop of the LangGraph docs. */
function toolAgent(model: FreshIdToolModel) {
  return new StateGraph(MessagesAnnotation)
    .addNode("agent", async (state) => ({ messages: [await model.invoke(state.messages)] }))
    .addNode("tools", new ToolNode([flightStatus]))
    .addEdge(START, "agent")
    .addConditionalEdges("agent", toolsCondition, ["tools", END])
    .addEdge("tools", "agent")
    .compile();
}

const askFlight = { messages: [new HumanMessage("Is BA117 on time?")] };
const callStatus: ToolReply = { toolCalls: [{ name: "flight_status", args: { flight: "BA117" } }] };

/** Rephrasings of one plan, about 0.85 to 0.9 alike in characters, as a model resampled at temperature 1 writes them. */
const REPHRASINGS = [
  "I will look up the departure status of flight BA117 before answering.",
  "Let me look up the departure status of flight BA117 before answering.",
  "Let me look up the departure status for flight BA117 before I answer.",
  "I will look up the departure status for flight BA117 before I answer.",
];

describe("withErrorBoundary on loops the way real agents make them (default options)", () => {
  it("stops a ToolNode loop whose results carry a timestamp, a request id and fresh tool-call ids", async () => {
    const model = new FreshIdToolModel([callStatus]);
    const events: BoundaryEvent[] = [];
    const bounded = withErrorBoundary(toolAgent(model), { onEvent: (e) => events.push(e) });

    const result = await bounded.invoke(askFlight, long);

    expect(result.boundary?.reason).toBe("stuck");
    expect(result.boundary?.step).toBeLessThanOrEqual(12);
    expect(model.calls).toBeLessThanOrEqual(6);
    expect(events.map((e) => e.type)).toEqual(["detection", "warning", "intervention", "detection", "intervention", "stop"]);
  });

  it("lets a tool loop that ends after two calls complete", async () => {
    const model = new FreshIdToolModel([callStatus, callStatus, "BA117 is on time."]);
    const bounded = withErrorBoundary(toolAgent(model));

    const result = await bounded.invoke(askFlight, long);

    expect(result.boundary).toBeUndefined();
    expect(result.messages.at(-1)?.content).toBe("BA117 is on time.");
    expect(bounded.summary().status).toBe("completed");
  });

  it("stops a ToolNode loop whose model words each call differently, as chat models narrate their tool calls", async () => {
    const narrations = [
      "Let me check the flight status.",
      "I'll look that up again.",
      "Checking once more to be sure.",
      "Let me verify the status again.",
      "One more look at the departures board.",
    ];
    const replies: ToolReply[] = Array.from({ length: 40 }, (_, i) => ({ content: narrations[i % narrations.length], toolCalls: callStatus.toolCalls }));
    const model = new FreshIdToolModel(replies);

    const result = await withErrorBoundary(toolAgent(model)).invoke(askFlight, long);

    expect(result.boundary?.reason).toBe("stuck");
    expect(model.calls).toBeLessThanOrEqual(6);
  });

  it("lets a tool agent that narrates each call the same way while checking different flights complete", async () => {
    const flights = ["BA117", "BA118", "LH400", "AF11", "KL643"];
    const replies: ToolReply[] = [
      ...flights.map((flight) => ({ content: "Let me check the next flight.", toolCalls: [{ name: "flight_status", args: { flight } }] })),
      "None of the five flights has a status yet.",
    ];
    const model = new FreshIdToolModel(replies);

    const result = await withErrorBoundary(toolAgent(model)).invoke(askFlight, long);

    expect(result.boundary).toBeUndefined();
    expect(model.calls).toBe(6);
  });

  it("stops a planner that rephrases the same plan every round", async () => {
    for (let i = 0; i < REPHRASINGS.length; i += 1) {
      const similarity = textSimilarity(REPHRASINGS[i], REPHRASINGS[(i + 1) % REPHRASINGS.length]);
      expect(similarity).toBeGreaterThan(0.8);
      expect(similarity).toBeLessThan(0.95);
    }
    const planner = new FakeListChatModel({ responses: REPHRASINGS });
    const graph = new StateGraph(MessagesAnnotation)
      .addNode("plan", async (state) => ({ messages: [await planner.invoke(state.messages)] }))
      .addNode("act", () => ({ messages: [new AIMessage({ id: randomUUID(), content: `Checked at ${new Date().toISOString()}: no new data.` })] }))
      .addEdge(START, "plan")
      .addEdge("plan", "act")
      .addEdge("act", "plan")
      .compile();
    const bounded = withErrorBoundary(graph);

    const result = await bounded.invoke(askFlight, long);

    expect(result.boundary?.reason).toBe("stuck");
    expect(result.boundary?.step).toBeLessThanOrEqual(12);
    expect(result.boundary?.detections[0]).toMatchObject({ kind: "alternation", nodes: ["plan", "act"] });
    expect(result.boundary?.detections[0].explanation).toMatch(/similar updates/);
  });

  it("does not take a planner working through different steps for a loop", async () => {
    const planner = new FakeListChatModel({
      responses: [
        "Step 1: search for flights from London to Paris on Friday.",
        "Step 2: book the cheapest hotel near the Louvre for two nights.",
        "Step 3: summarise the itinerary and total cost for the user.",
        "Step 4: email the itinerary with the booking references attached.",
        "DONE",
      ],
    });
    const graph = new StateGraph(MessagesAnnotation)
      .addNode("plan", async (state) => ({ messages: [await planner.invoke(state.messages)] }))
      .addNode("act", () => ({ messages: [new AIMessage({ id: randomUUID(), content: `Done at ${new Date().toISOString()}.` })] }))
      .addEdge(START, "plan")
      .addConditionalEdges("plan", (state) => (state.messages.at(-1)?.content === "DONE" ? END : "act"))
      .addEdge("act", "plan")
      .compile();
    const bounded = withErrorBoundary(graph);

    const result = await bounded.invoke(askFlight, long);

    expect(result.boundary).toBeUndefined();
    expect(bounded.summary().detections).toEqual([]);
  });

  it("stops a retry loop whose error carries a request id, a status code and an attempt counter", async () => {
    const Retry = Annotation.Root({
      attempts: Annotation<number>({ reducer: (_, next) => next, default: () => 0 }),
      lastError: Annotation<string | null>({ reducer: (_, next) => next, default: () => null }),
      result: Annotation<string | null>({ reducer: (_, next) => next, default: () => null }),
    });
    const graph = new StateGraph(Retry)
      .addNode("fetch", (state) => {
        const attempt = state.attempts + 1;
        return { attempts: attempt, lastError: `Request req_${randomUUID().slice(0, 12)} failed with status 503 after ${40 + attempt * 7}ms (attempt ${attempt})` };
      })
      .addNode("backoff", () => ({}))
      .addEdge(START, "fetch")
      .addConditionalEdges("fetch", (state) => (state.result === null && state.attempts < 40 ? "backoff" : END))
      .addEdge("backoff", "fetch")
      .compile();
    const bounded = withErrorBoundary(graph);

    const result = await bounded.invoke({}, long);

    expect(result.boundary?.reason).toBe("stuck");
    expect(result.attempts).toBeLessThanOrEqual(6);
    expect(bounded.summary().detections.map((d) => d.kind)).toContain("repeated_error");
    const errors = bounded.summary().detections.filter((d) => d.kind === "repeated_error");
    expect(errors[0].error).toBe("Request <id> failed with status # after # (attempt #)");
  });

  it("counts a counter that only counts as no progress", async () => {
    const Think = Annotation.Root({
      iteration: Annotation<number>({ reducer: (_, next) => next, default: () => 0 }),
      thought: Annotation<string>({ reducer: (_, next) => next, default: () => "" }),
    });
    const graph = new StateGraph(Think)
      .addNode("think", (state) => ({ iteration: state.iteration + 1, thought: "still thinking" }))
      .addEdge(START, "think")
      .addConditionalEdges("think", (state) => (state.iteration < 50 ? "think" : END))
      .compile();

    const result = await withErrorBoundary(graph).invoke({}, long);

    expect(result.boundary?.reason).toBe("stuck");
    expect(result.iteration).toBe(5);
  });
});

/** A job poll as people write one: a status, the time it was checked, the polls so far. */
function pollGraph(doneAfter: number) {
  const Job = Annotation.Root({
    status: Annotation<string>({ reducer: (_, next) => next, default: () => "queued" }),
    checkedAt: Annotation<string>({ reducer: (_, next) => next, default: () => "" }),
    polls: Annotation<number>({ reducer: (_, next) => next, default: () => 0 }),
  });
  return new StateGraph(Job)
    .addNode("poll", (state) => ({
      status: state.polls + 1 >= doneAfter ? "succeeded" : "running",
      checkedAt: new Date().toISOString(),
      polls: state.polls + 1,
    }))
    .addEdge(START, "poll")
    .addConditionalEdges("poll", (state) => (state.status === "succeeded" ? END : "poll"))
    .compile();
}

/** A job-status tool answering JSON: the status, when it was checked, the polls so far. */
function jobStatus(doneAfter: number) {
  let polls = 0;
  return tool(
    async ({ job }) => {
      polls += 1;
      return JSON.stringify({ job, status: polls >= doneAfter ? "succeeded" : "running", checkedAt: new Date().toISOString(), polls });
    },
    { name: "job_status", description: "Status of a batch job", schema: z.object({ job: z.string() }) },
  );
}

function pollingAgent(model: FreshIdToolModel, doneAfter: number) {
  return new StateGraph(MessagesAnnotation)
    .addNode("agent", async (state) => ({ messages: [await model.invoke(state.messages)] }))
    .addNode("tools", new ToolNode([jobStatus(doneAfter)]))
    .addEdge(START, "agent")
    .addConditionalEdges("agent", toolsCondition, ["tools", END])
    .addEdge("tools", "agent")
    .compile();
}

describe("withErrorBoundary on converging work", () => {
  const checkJob: ToolReply = { toolCalls: [{ name: "job_status", args: { job: "nightly-etl" } }] };

  it("stops an agent polling a job through a tool that answers JSON, and lets one whose job ends complete", async () => {
    const forever = new FreshIdToolModel([checkJob]);
    const stopped = await withErrorBoundary(pollingAgent(forever, Number.POSITIVE_INFINITY)).invoke(askFlight, long);
    expect(stopped.boundary?.reason).toBe("stuck");
    expect(forever.calls).toBeLessThanOrEqual(6);

    const ending = new FreshIdToolModel([checkJob, checkJob, checkJob, "The job succeeded."]);
    const completed = await withErrorBoundary(pollingAgent(ending, 3)).invoke(askFlight, long);
    expect(completed.boundary).toBeUndefined();
    expect(completed.messages.at(-1)?.content).toBe("The job succeeded.");
  });

  it("lets a poll that finishes after four or five rounds complete, with a warning", async () => {
    for (const doneAfter of [4, 5]) {
      const bounded = withErrorBoundary(pollGraph(doneAfter));
      const result = await bounded.invoke({}, long);
      expect(result.boundary).toBeUndefined();
      expect(result).toMatchObject({ status: "succeeded", polls: doneAfter });
      expect(bounded.summary().warnings).toEqual([expect.objectContaining({ source: "detection" })]);
    }
  });

  it("stops a poll that never finishes within a dozen steps", async () => {
    const bounded = withErrorBoundary(pollGraph(1000));
    const result = await bounded.invoke({}, long);
    expect(result.boundary?.reason).toBe("stuck");
    expect(result.polls).toBeLessThanOrEqual(12);
  });

  it("allows a node the repeats it is expected to make (expectRepeats)", async () => {
    const allowed = withErrorBoundary(pollGraph(14), { expectRepeats: { poll: 10 } });
    const result = await allowed.invoke({}, long);
    expect(result.boundary).toBeUndefined();
    expect(result.polls).toBe(14);

    const unallowed = await withErrorBoundary(pollGraph(14)).invoke({}, long);
    expect(unallowed.boundary?.reason).toBe("stuck");
  });
});

/** Bag-of-words embeddings: any LangChain Embeddings plugs in the same way. */
class BagOfWordsEmbeddings extends Embeddings {
  calls = 0;
  constructor(private readonly vocabulary: string[]) {
    super({});
  }
  async embedDocuments(texts: string[]): Promise<number[][]> {
    this.calls += 1;
    return texts.map((text) => {
      const words = new Set(text.toLowerCase().match(/[a-z0-9]+/g));
      return this.vocabulary.map((word) => (words.has(word) ? 1 : 0));
    });
  }
  async embedQuery(text: string): Promise<number[]> {
    return (await this.embedDocuments([text]))[0];
  }
}

describe("withErrorBoundary with embeddings", () => {
  const reworded = [
    "Before answering, the departure status of BA117 needs checking.",
    "I should check BA117 departure status first, then answer the question.",
    "Checking departure status for BA117 comes first; answering after.",
  ];
  const planLoop = (embeddingsPlanner: FakeListChatModel) =>
    new StateGraph(MessagesAnnotation)
      .addNode("plan", async (state) => ({ messages: [await embeddingsPlanner.invoke(state.messages)] }))
      .addNode("act", () => ({ messages: [new AIMessage("no new data")] }))
      .addEdge(START, "plan")
      .addEdge("plan", "act")
      .addEdge("act", "plan")
      .compile();

  it("sees rewordings far apart in characters as the same step", async () => {
    expect(textSimilarity(reworded[0], reworded[1])).toBeLessThan(0.8);
    const embeddings = new BagOfWordsEmbeddings(["departure", "status", "ba117", "answer", "answering", "check", "checking", "first", "data", "no", "new"]);

    const bounded = withErrorBoundary(planLoop(new FakeListChatModel({ responses: reworded })), { embeddings, thresholds: { semanticSimilarity: 0.6 } });
    const result = await bounded.invoke(askFlight, long);

    expect(result.boundary?.reason).toBe("stuck");
    expect(embeddings.calls).toBeGreaterThan(0);
  });

  it("falls back to characters when the embeddings model fails, and says so", async () => {
    class DownEmbeddings extends BagOfWordsEmbeddings {
      override async embedDocuments(): Promise<number[][]> {
        throw new Error("connect ECONNREFUSED 127.0.0.1:11434");
      }
    }
    const bounded = withErrorBoundary(planLoop(new FakeListChatModel({ responses: REPHRASINGS })), { embeddings: new DownEmbeddings([]) });
    const result = await bounded.invoke(askFlight, long);

    expect(result.boundary?.reason).toBe("stuck");
    expect(bounded.summary().faults).toEqual([{ where: "embeddings", message: "connect ECONNREFUSED 127.0.0.1:11434", disabled: "embeddings" }]);
  });
});
