import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { HumanMessage } from "@langchain/core/messages";
import { Annotation, Command, END, interrupt, Send, START, StateGraph } from "@langchain/langgraph";
import { SqliteSaver } from "@langchain/langgraph-checkpoint-sqlite";
import { afterAll, describe, expect, it } from "vitest";
import { openCheckpointer } from "./open-checkpointer.js";
import { plainJsonFirst } from "./plain-json-first.js";

const dir = mkdtempSync(join(tmpdir(), "mend-plain-json-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const general = SqliteSaver.fromConnString(":memory:").serde;
const plain = plainJsonFirst(general);

const cyclic: Record<string, unknown> = { name: "a" };
cyclic.self = cyclic;
const holey = [1, , 3];
class Point {
  constructor(
    readonly x: number,
    readonly y: number,
  ) {}
}

describe("plainJsonFirst", () => {
  it.each([
    ["plain state", { code: "def f():\n    return 42\n", n: 3, passed: false, best: null, recent: [{ n: 1, lines: ["ü", "日本"] }] }],
    ["numbers JSON cannot hold", { nan: Number.NaN, inf: Number.POSITIVE_INFINITY, minusZero: -0 }],
    ["a field set to undefined", { reason: undefined, n: 1 }],
    ["an array with a hole", { holey }],
    ["Set and Map", { seen: new Set(["a"]), counts: new Map([["a", 1]]) }],
    ["a Date and an Error", { at: new Date("2026-01-01T00:00:00Z"), error: new Error("boom") }],
    ["a LangChain message", { messages: [new HumanMessage("hi")] }],
    ["a Send", [new Send("node", { x: 1 })]],
    ["a cycle", cyclic],
    ["a class instance", { at: new Point(1, 2) }],
    ["a toJSON method", { value: { toJSON: () => "replaced" } }],
    ["bytes", new Uint8Array([1, 2, 3])],
    ["undefined", undefined],
  ])("writes what LangGraph's serializer writes: %s", async (_, value) => {
    expect(await plain.dumpsTyped(value)).toEqual(await general.dumpsTyped(value));
  });

  it("leaves only what is not plain JSON to the general serializer", async () => {
    const asked: unknown[] = [];
    const counting = plainJsonFirst({
      dumpsTyped: (data) => (asked.push(data), general.dumpsTyped(data)),
      loadsTyped: (type, data) => general.loadsTyped(type, data),
    });
    const special = { seen: new Set([1]) };
    await counting.dumpsTyped({ code: "x = 1\n", recent: [{ n: 1 }], best: null });
    await counting.dumpsTyped(special);
    expect(asked).toEqual([special]);
  });

  it("reads back what it wrote, through the general serializer", async () => {
    const value = { at: new Date(0), seen: new Set([1]), plain: { a: [1, "b", null] }, gone: undefined };
    const [type, bytes] = await plain.dumpsTyped(value);
    expect(await plain.loadsTyped(type, bytes)).toEqual(await general.loadsTyped(...(await general.dumpsTyped(value))));
  });
});

describe("openCheckpointer", () => {
  // A graph the way LangGraph users write one: state with optional fields, a human approval
  // through interrupt(), resumed by a new process's checkpointer from the same file.
  const State = Annotation.Root({
    draft: Annotation<string>({ reducer: (_, next) => next, default: () => "" }),
    notes: Annotation<string[]>({ reducer: (all, next) => [...all, ...next], default: () => [] }),
    approved: Annotation<boolean | undefined>({ reducer: (_, next) => next, default: () => undefined }),
  });
  const build = (checkpointer: SqliteSaver) =>
    new StateGraph(State)
      .addNode("write", () => ({ draft: "def f():\n    return 42\n", notes: ["written"] }))
      .addNode("ask", () => ({ approved: (interrupt({ question: "ship it?" }) as { ok: boolean }).ok, notes: ["asked"] }))
      .addEdge(START, "write")
      .addEdge("write", "ask")
      .addEdge("ask", END)
      .compile({ checkpointer });

  it("keeps a run's state across sessions (a new connection to the file): paused at an approval, then resumed", async () => {
    const path = join(dir, "checkpoints.sqlite");
    const config = { configurable: { thread_id: "run-1" } };
    const first = openCheckpointer(path);
    try {
      await build(first.saver).invoke({}, { ...config, durability: "sync" });
    } finally {
      first.close();
    }
    const second = openCheckpointer(path);
    try {
      const graph = build(second.saver);
      const paused = await graph.getState(config);
      expect(paused.values).toEqual({ draft: "def f():\n    return 42\n", notes: ["written"] });
      expect(paused.tasks[0]?.interrupts[0]?.value).toEqual({ question: "ship it?" });
      const done = await graph.invoke(new Command({ resume: { ok: true } }), { ...config, durability: "sync" });
      expect(done).toEqual({ draft: "def f():\n    return 42\n", notes: ["written", "asked"], approved: true });
      expect((await second.saver.getTuple(config))?.checkpoint.channel_values).toMatchObject({ approved: true });
    } finally {
      second.close();
    }
  });
});
