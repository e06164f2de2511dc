import { AIMessage, type BaseMessage, HumanMessage, RemoveMessage, SystemMessage, ToolMessage } from "@langchain/core/messages";
import { FakeListChatModel } from "@langchain/core/utils/testing";
import { messagesStateReducer, REMOVE_ALL_MESSAGES } from "@langchain/langgraph";
import { describe, expect, it } from "vitest";
import { checkCompressedState, planMessageCompression } from "./state-compression.js";

/** A tool-using conversation as MessagesAnnotation stores it (every message with an id). */
function conversation(rounds: number, resultChars = 400) {
  const messages: BaseMessage[] = [new SystemMessage({ id: "sys", content: "You look things up." }), new HumanMessage({ id: "q", content: "Find the release notes." })];
  for (let i = 1; i <= rounds; i += 1) {
    messages.push(new AIMessage({ id: `ai-${i}`, content: "", tool_calls: [{ name: "search", args: { page: i }, id: `call-${i}`, type: "tool_call" }] }));
    messages.push(new ToolMessage({ id: `tool-${i}`, content: `page ${i}: ${"notes ".repeat(resultChars / 6)}`, tool_call_id: `call-${i}` }));
  }
  return messages;
}

describe("planMessageCompression", () => {
  it("keeps the system message and the newest messages, never starting on a tool result, and counts what it took out", async () => {
    const messages = conversation(6);
    const plan = await planMessageCompression(messages, "messages", { maxTokens: 300 }, undefined, undefined);

    expect(plan?.method).toBe("trim");
    const ids = plan?.messages.map((m) => m.id) ?? [];
    expect(ids[0]).toBe("sys");
    expect(ids.at(-1)).toBe("tool-6");
    expect(plan?.messages[1].getType()).not.toBe("tool");
    expect(plan?.removed).toBe(messages.length - ids.length);
    // Through LangGraph's reducer the update leaves exactly the planned list.
    const update = plan?.update.messages as unknown[];
    expect(update[0]).toBeInstanceOf(RemoveMessage);
    expect((update[0] as RemoveMessage).id).toBe(REMOVE_ALL_MESSAGES);
    expect(messagesStateReducer(messages, update as never).map((m) => m.id)).toEqual(ids);
  });

  it("keeps the newest turn even when it alone is over the target (trimMessages would fail)", async () => {
    const messages = conversation(3, 6000);
    const plan = await planMessageCompression(messages, "messages", { maxTokens: 10 }, undefined, undefined);

    expect(plan?.messages.map((m) => m.id)).toEqual(["sys", "ai-3", "tool-3"]);
  });

  it("with a message cap, keeps at most that many", async () => {
    const plan = await planMessageCompression(conversation(8, 30), "messages", { maxTokens: 100_000, maxMessages: 5 }, undefined, undefined);

    expect(plan?.messages.length).toBeLessThanOrEqual(5);
    expect(plan?.messages[0].id).toBe("sys");
  });

  it("puts the summary after the system message, and says when there is nothing to take out", async () => {
    const model = new FakeListChatModel({ responses: ["Searched pages 1 to 4 for the release notes."] });
    const plan = await planMessageCompression(conversation(6), "messages", { maxTokens: 300 }, model, undefined);

    expect(plan?.method).toBe("summary");
    expect(plan?.messages[0].id).toBe("sys");
    expect(plan?.messages[1].content).toMatch(/Searched pages 1 to 4/);
    expect(await planMessageCompression(conversation(1, 30), "messages", { maxTokens: 100_000 }, undefined, undefined)).toBeUndefined();
  });

  it("refuses a channel of plain records, and a summary model that writes nothing", async () => {
    await expect(planMessageCompression([{ role: "user", content: "hi" }], "history", { maxTokens: 1 }, undefined, undefined)).rejects.toThrow(
      /the "history" channel holds items that are not LangChain messages/,
    );
    const silent = new FakeListChatModel({ responses: [" "] });
    await expect(planMessageCompression(conversation(6), "messages", { maxTokens: 300 }, silent, undefined)).rejects.toThrow(/no text/);
  });
});

describe("checkCompressedState", () => {
  it("takes a partial state of known channels and refuses anything else", () => {
    expect(checkCompressedState({ pages: [] }, ["pages", "fetched"])).toEqual({ pages: [] });
    expect(() => checkCompressedState([], ["pages"])).toThrow(/returned an array/);
    expect(() => checkCompressedState(null, ["pages"])).toThrow(/returned null/);
    expect(() => checkCompressedState({}, ["pages"])).toThrow(/empty update/);
  });
});
