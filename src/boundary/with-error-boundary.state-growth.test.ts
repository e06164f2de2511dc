import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type BaseMessage, HumanMessage, SystemMessage } from "@langchain/core/messages";
import { tool } from "@langchain/core/tools";
import { FakeListChatModel } from "@langchain/core/utils/testing";
import { Annotation, type BaseCheckpointSaver, END, MemorySaver, MessagesAnnotation, Overwrite, START, StateGraph } from "@langchain/langgraph";
import { SqliteSaver } from "@langchain/langgraph-checkpoint-sqlite";
import { ToolNode, toolsCondition } from "@langchain/langgraph/prebuilt";
import { ChatOpenAI } from "@langchain/openai";
import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { startScriptedServer, type ScriptedServer } from "../testkit/index.js";
import { FreshIdToolModel } from "./__fixtures__/fresh-id-tool-model.js";
import type { BoundaryEvent } from "./boundary-event.js";
import { measureState } from "./state-size.js";
import { withErrorBoundary } from "./with-error-boundary.js";

/** The project's README, cut at its `## ` headings: a real document an agent reads section by section. */
const SECTIONS = new Map(
  readFileSync(new URL("../../README.md", import.meta.url), "utf8")
    .split(/\n## /)
    .slice(1)
    .map((part) => {
      const [heading, ...body] = part.split("\n");
      // Tools cap what they return, as search and fetch tools do.
      return [heading.trim(), body.join("\n").trim().slice(0, 1500)] as const;
    }),
);
const HEADINGS = [...SECTIONS.keys()].slice(0, 10);

const readSection = tool(async ({ heading }) => SECTIONS.get(heading) ?? `no section "${heading}"`, {
  name: "read_section",
  description: "Reads one section of the project's README by its heading",
  schema: z.object({ heading: z.string() }),
});

/** A model that reads every section, then answers. */
function readerModel() {
  return new FreshIdToolModel([
    ...HEADINGS.map((heading) => ({ toolCalls: [{ name: "read_section", args: { heading } }] })),
    "The README covers installation, the commands, projects, verification, runs, models, repair and the sandbox.",
  ]);
}

/** The ToolNode agent of the LangGraph docs; `seen` gets the messages of each model call. */
function researchAgent(model: FreshIdToolModel, checkpointer: BaseCheckpointSaver, seen: BaseMessage[][] = []) {
  return new StateGraph(MessagesAnnotation)
    .addNode("agent", async (state) => {
      seen.push(state.messages);
      return { messages: [await model.invoke(state.messages)] };
    })
    .addNode("tools", new ToolNode([readSection]))
    .addEdge(START, "agent")
    .addConditionalEdges("agent", toolsCondition, ["tools", END])
    .addEdge("tools", "agent")
    .compile({ checkpointer });
}

const question = () => ({
  messages: [
    new SystemMessage("You answer questions about the mendloop project from its README. Read the sections you need."),
    new HumanMessage("What does the README cover? Read the sections one by one."),
  ],
});
const thread = () => ({ configurable: { thread_id: `t-${Math.random()}` }, recursionLimit: 100 });
const STATE_BYTES = 9000;

describe("withErrorBoundary on a state that grows", () => {
  it("without it, the reader's state grows past the budget the next tests set", async () => {
    const result = await researchAgent(readerModel(), new MemorySaver()).invoke(question(), thread());

    expect(result.messages).toHaveLength(2 + 2 * HEADINGS.length + 1);
    expect(measureState(result, "messages", false).bytes).toBeGreaterThan(2 * STATE_BYTES);
  });

  it("trims the messages whenever the state passes its byte budget, and the run reaches its answer", async () => {
    const model = readerModel();
    const events: BoundaryEvent[] = [];
    const graph = researchAgent(model, new MemorySaver());
    const bounded = withErrorBoundary(graph, { budgets: { stateBytes: STATE_BYTES }, onEvent: (e) => events.push(e) });
    const config = thread();

    const result = await bounded.invoke(question(), config);

    expect(result.boundary).toBeUndefined();
    expect(result.messages.at(-1)?.content).toMatch(/^The README covers/);
    expect(model.calls).toBe(HEADINGS.length + 1);
    const summary = bounded.summary();
    const compressions = summary.interventions.filter((r) => r.kind === "compress");
    expect(compressions.length).toBeGreaterThanOrEqual(2);
    for (const record of compressions) {
      expect(record).toMatchObject({ applied: true, trigger: { type: "detection", detection: { kind: "state_size" } } });
      expect(record.compression?.method).toBe("trim");
      expect(record.compression?.after.bytes).toBeLessThanOrEqual(STATE_BYTES);
      expect(record.compression?.after.messages).toBeLessThan(record.compression?.before.messages ?? 0);
    }
    // Each measurement over the budget was answered by a compression, and the node then
    // handed the state (the next measurement) got it within the budget.
    const samples = summary.growth.state;
    const over = samples.flatMap((sample, i) => (sample.bytes > STATE_BYTES ? [i] : []));
    expect(over).toHaveLength(compressions.length);
    for (const i of over) expect(samples[i + 1].bytes).toBeLessThanOrEqual(STATE_BYTES);
    expect(summary.budgets).toContainEqual(expect.objectContaining({ kind: "state_bytes", limit: STATE_BYTES }));
    expect(events.some((e) => e.type === "warning" && e.source === "budget" && e.budget === "state_bytes")).toBe(true);
    // The checkpoint holds the compressed conversation (plus what the last superstep added):
    // the system prompt, then the newest turns.
    const stored = (await graph.getState(config)).values;
    expect(stored.messages.length).toBeLessThan(2 + 2 * HEADINGS.length + 1);
    expect(measureState(stored, "messages", false).bytes).toBeLessThan(1.5 * STATE_BYTES);
    expect(stored.messages[0]).toBeInstanceOf(SystemMessage);
    expect(stored.messages[1].getType()).not.toBe("tool");
  });

  it("a run resumed from the SQLite checkpoint, in a new graph and boundary, sees the compressed state", async () => {
    const dir = mkdtempSync(join(tmpdir(), "mend-state-"));
    const path = join(dir, "checkpoints.sqlite");
    try {
      const config = thread();
      const first = withErrorBoundary(researchAgent(readerModel(), SqliteSaver.fromConnString(path)), { budgets: { stateBytes: STATE_BYTES } });
      const done = await first.invoke(question(), config);
      const keptIds = done.messages.map((m) => m.id);
      expect(first.summary().interventions.some((r) => r.kind === "compress" && r.applied)).toBe(true);

      // Later, another process: same database, same thread, a follow-up question.
      const seen: BaseMessage[][] = [];
      const later = new FreshIdToolModel(["The sandbox runs untrusted code under bubblewrap."]);
      const second = withErrorBoundary(researchAgent(later, SqliteSaver.fromConnString(path), seen), { budgets: { stateBytes: STATE_BYTES } });
      const answer = await second.invoke({ messages: [new HumanMessage("And the sandbox?")] }, config);

      expect(answer.boundary).toBeUndefined();
      // The model is sent the stored, compressed conversation (compressed once more, if the
      // question took it over the budget) and the new question: nothing trimmed comes back.
      const sent = seen[0].map((m) => m.id);
      expect(seen[0].at(-1)?.content).toBe("And the sandbox?");
      expect(sent.slice(0, -1).every((id) => keptIds.includes(id))).toBe(true);
      expect(seen[0][0]).toBeInstanceOf(SystemMessage);
      expect(answer.messages.at(-1)?.content).toBe("The sandbox runs untrusted code under bubblewrap.");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("with summarizeWith, replaces the older messages by one summary the model wrote, and counts its call", async () => {
    const summarizer = new FakeListChatModel({ responses: ["The user wants an overview of the README; sections read so far were summarized."] });
    const graph = researchAgent(readerModel(), new MemorySaver());
    const bounded = withErrorBoundary(graph, { budgets: { stateBytes: STATE_BYTES }, compress: { summarizeWith: summarizer } });

    const result = await bounded.invoke(question(), thread());

    expect(result.boundary).toBeUndefined();
    expect(result.messages[0]).toBeInstanceOf(SystemMessage);
    const summaryMessage = result.messages[1];
    expect(summaryMessage.id).toMatch(/^boundary-summary-/);
    expect(summaryMessage.content).toContain("sections read so far were summarized");
    const records = bounded.summary().interventions.filter((r) => r.kind === "compress");
    expect(records.length).toBeGreaterThanOrEqual(1);
    expect(records.every((r) => r.compression?.method === "summary")).toBe(true);
    // Only the latest summary is left: an earlier one was summarized in its turn.
    expect(result.messages.filter((m) => String(m.id).startsWith("boundary-summary-"))).toHaveLength(1);
    expect(bounded.summary().nodes["boundary:compress"]?.modelCalls).toBe(records.length);
  });

  it("a messages budget is kept the same way", async () => {
    const bounded = withErrorBoundary(researchAgent(readerModel(), new MemorySaver()), { budgets: { messages: 8 } });

    const result = await bounded.invoke(question(), thread());

    expect(result.boundary).toBeUndefined();
    expect(result.messages.length).toBeLessThanOrEqual(8);
    expect(bounded.summary().growth.state.filter((s) => s.messages > 8).length).toBe(
      bounded.summary().interventions.filter((r) => r.kind === "compress").length,
    );
  });

  it("without a checkpointer the state cannot be compressed: the run stops with budget_state", async () => {
    const model = readerModel();
    const graph = new StateGraph(MessagesAnnotation)
      .addNode("agent", async (state) => ({ messages: [await model.invoke(state.messages)] }))
      .addNode("tools", new ToolNode([readSection]))
      .addEdge(START, "agent")
      .addConditionalEdges("agent", toolsCondition, ["tools", END])
      .addEdge("tools", "agent")
      .compile();

    const result = await withErrorBoundary(graph, { budgets: { stateBytes: STATE_BYTES } }).invoke(question(), { recursionLimit: 100 });

    expect(result.boundary?.reason).toBe("budget_state");
    expect(result.boundary?.detections.at(-1)?.growth).toMatchObject({ measure: "state_bytes", limit: STATE_BYTES });
    expect(model.calls).toBeLessThan(HEADINGS.length + 1);
    // The report carries the figures to chart: the budget against its use, and the state per superstep.
    const { budgets, growth } = result.boundary ?? { budgets: [], growth: { state: [], calls: [] } };
    expect(budgets).toEqual([expect.objectContaining({ kind: "state_bytes", limit: STATE_BYTES, used: growth.state.at(-1)?.bytes })]);
    expect(growth.state.map((s) => s.messages)).toEqual(growth.state.map((_, i) => 2 + i));
    expect(growth.calls.map((c) => c.inputTokens)).toEqual(growth.calls.map(() => 120));
  });

  it("in observe mode, reports the state passing its budget once, and changes nothing", async () => {
    const events: BoundaryEvent[] = [];
    const bounded = withErrorBoundary(researchAgent(readerModel(), new MemorySaver()), {
      mode: "observe",
      budgets: { stateBytes: STATE_BYTES },
      onEvent: (e) => events.push(e),
    });

    const result = await bounded.invoke(question(), thread());

    expect(result.messages).toHaveLength(2 + 2 * HEADINGS.length + 1);
    const summary = bounded.summary();
    expect(summary.detections.filter((d) => d.kind === "state_size")).toHaveLength(1);
    expect(summary.interventions).toEqual([]);
    expect(summary.observed).toEqual([expect.objectContaining({ kind: "continue", trigger: expect.objectContaining({ type: "detection" }) })]);
    expect(events).toContainEqual(expect.objectContaining({ type: "warning", budget: "state_bytes", exceeded: true }));
  });
});

/** A state without messages: a crawler keeps every page it fetched. */
const CrawlState = Annotation.Root({
  pages: Annotation<string[]>({ reducer: (a, b) => a.concat(b), default: () => [] }),
  fetched: Annotation<number>({ reducer: (_, b) => b, default: () => 0 }),
});

function crawler(total: number) {
  return new StateGraph(CrawlState)
    .addNode("fetch", (state) => ({ pages: [[...SECTIONS.values()][state.fetched % SECTIONS.size]], fetched: state.fetched + 1 }))
    .addEdge(START, "fetch")
    .addConditionalEdges("fetch", (state) => (state.fetched < total ? "fetch" : END), ["fetch", END])
    .compile({ checkpointer: new MemorySaver() });
}

describe("withErrorBoundary compressing other states with a compress function", () => {
  it("keeps the state under budget with the user's function, written through LangGraph", async () => {
    const bounded = withErrorBoundary(crawler(12), {
      budgets: { stateBytes: 5000 },
      compress: (state) => ({ pages: new Overwrite(state.pages.slice(-1)) }),
    });

    const result = await bounded.invoke({}, thread());

    expect(result.boundary).toBeUndefined();
    expect(result.fetched).toBe(12);
    const records = bounded.summary().interventions;
    expect(records.length).toBeGreaterThan(0);
    expect(records.every((r) => r.kind === "compress" && r.applied && r.compression?.method === "function")).toBe(true);
    expect(Math.max(...records.map((r) => r.compression?.after.bytes ?? Infinity))).toBeLessThanOrEqual(5000);
  });

  it.each([
    ["throws", () => {
      throw new Error("the archive is offline");
    }, /the archive is offline/],
    ["returns no state", () => "compressed!", /compress returned string, not a state update/],
    ["returns keys the state lacks", () => ({ page: [] }), /keys the state does not have: page/],
  ])("a compress function that %s is a fault of compression alone: the budget still stops the run", async (_, compress, message) => {
    const bounded = withErrorBoundary(crawler(12), { budgets: { stateBytes: 5000 }, compress: compress as never });

    const result = await bounded.invoke({}, thread());

    expect(result.boundary?.reason).toBe("budget_state");
    expect(result.fetched).toBeLessThan(12);
    const summary = bounded.summary();
    expect(summary.faults).toEqual([expect.objectContaining({ where: "intervention compress", disabled: "compression" })]);
    expect(summary.faults[0].message).toMatch(message);
    expect(summary.disabled).toEqual(["compression"]);
    expect(summary.interventions.map((r) => r.kind)).toEqual(["compress", "terminate"]);
  });
});

describe("withErrorBoundary on a slow leak", () => {
  let server: ScriptedServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  /** A chat: a user node asks the next question, the assistant answers through ChatOpenAI. */
  function conversation(model: ChatOpenAI, turns: number) {
    const ChatState = Annotation.Root({ ...MessagesAnnotation.spec, turn: Annotation<number>({ reducer: (_, b) => b, default: () => 0 }) });
    return new StateGraph(ChatState)
      .addNode("user", (state) => ({
        messages: [new HumanMessage(`Question ${state.turn + 1}: tell me about ${HEADINGS[state.turn % HEADINGS.length]}.`)],
        turn: state.turn + 1,
      }))
      .addNode("assistant", async (state) => ({ messages: [await model.invoke(state.messages)] }))
      .addEdge(START, "user")
      .addEdge("user", "assistant")
      .addConditionalEdges("assistant", (state) => (state.turn < turns ? "user" : END), ["user", END])
      .compile({ checkpointer: new MemorySaver() });
  }

  it("sees input tokens per call rise steadily, reports the fitted slope, compresses, and the chat goes on to its end", async () => {
    // The server reports usage from the request's text, as a provider counts it.
    server = await startScriptedServer((_request, index) => ({ reply: `Answer ${index + 1}. ${[...SECTIONS.values()][index % SECTIONS.size].slice(0, 600)}` }));
    const model = new ChatOpenAI({ model: "gpt-4o-mini", apiKey: "test-key", maxRetries: 0, configuration: { baseURL: server.url } });
    const bounded = withErrorBoundary(conversation(model, 20));

    const result = await bounded.invoke({ messages: [new SystemMessage("You are a helpful guide to the mendloop README.")] }, thread());

    expect(result.boundary).toBeUndefined();
    expect(result.turn).toBe(20);
    expect(result.messages.filter((m) => m.getType() === "ai").length).toBeLessThan(20);
    const summary = bounded.summary();
    expect(summary.status).toBe("completed");
    const leak = summary.detections.find((d) => d.kind === "slow_leak");
    expect(leak?.growth?.measure).toBe("input_tokens");
    expect(leak?.growth?.values).toHaveLength(8);
    expect(leak?.growth?.slope).toBeGreaterThan(0);
    expect(leak?.growth?.fit).toBeGreaterThanOrEqual(0.9);
    const compress = summary.interventions.find((r) => r.kind === "compress");
    expect(compress).toMatchObject({ applied: true, trigger: { detection: { kind: "slow_leak" } } });
    // The call after the compression sent less than the one before it.
    const calls = summary.growth.calls;
    const after = calls.findIndex((c) => c.step > (compress?.at ?? Infinity));
    expect(calls[after].inputTokens).toBeLessThan(calls[after - 1].inputTokens);
    expect(server.requests).toHaveLength(calls.length);
  });
});
