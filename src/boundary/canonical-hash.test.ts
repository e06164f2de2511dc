import { AIMessage, ToolMessage } from "@langchain/core/messages";
import { describe, expect, it } from "vitest";
import { canonicalHash, isVolatileKey } from "./canonical-hash.js";

describe("canonicalHash", () => {
  it("ignores key order", () => {
    expect(canonicalHash({ a: 1, b: { c: [1, 2], d: "x" } })).toBe(canonicalHash({ b: { d: "x", c: [1, 2] }, a: 1 }));
  });

  it("tells different content apart", () => {
    expect(canonicalHash({ a: 1 })).not.toBe(canonicalHash({ a: 2 }));
    expect(canonicalHash([1, 2])).not.toBe(canonicalHash([2, 1]));
    expect(canonicalHash("1")).not.toBe(canonicalHash(1));
  });

  it("sees two identical model turns as the same, whatever their ids and usage", () => {
    const turn = (id: string, tokens: number) =>
      new AIMessage({
        id,
        content: "",
        tool_calls: [{ id: `call-${id}`, name: "search", args: { q: "x" }, type: "tool_call" }],
        usage_metadata: { input_tokens: tokens, output_tokens: 3, total_tokens: tokens + 3 },
      });
    expect(canonicalHash({ messages: [turn("1", 10)] })).toBe(canonicalHash({ messages: [turn("2", 12)] }));
    const other = new AIMessage({ content: "", tool_calls: [{ id: "c", name: "search", args: { q: "y" }, type: "tool_call" }] });
    expect(canonicalHash({ messages: [turn("1", 10)] })).not.toBe(canonicalHash({ messages: [other] }));
    const result = (id: string) => new ToolMessage({ content: "none", tool_call_id: id, name: "search" });
    expect(canonicalHash(result("a"))).toBe(canonicalHash(result("b")));
  });

  it("drops identifiers, clocks and durations by default, and only those", () => {
    expect(["id", "runId", "tool_call_id", "timestamp", "createdAt", "durationMs", "produceMs"].every(isVolatileKey)).toBe(true);
    expect(["items", "code", "tests", "message", "identity"].some(isVolatileKey)).toBe(false);
    expect(canonicalHash({ code: "x", durationMs: 5 })).toBe(canonicalHash({ code: "x", durationMs: 9 }));
  });

  it("takes a custom key filter", () => {
    const keepAll = () => false;
    expect(canonicalHash({ id: 1 }, keepAll)).not.toBe(canonicalHash({ id: 2 }, keepAll));
  });

  it("survives cycles, maps, sets and odd values", () => {
    const cyclic: Record<string, unknown> = { a: 1 };
    cyclic.self = cyclic;
    expect(canonicalHash(cyclic)).toMatch(/^[0-9a-f]{16}$/);
    expect(canonicalHash(new Map([["b", 1], ["a", 2]]))).toBe(canonicalHash(new Map([["a", 2], ["b", 1]])));
    expect(canonicalHash(new Set([1, 2]))).toBe(canonicalHash(new Set([2, 1])));
    expect(canonicalHash({ f: () => 1, n: NaN, big: 10n, u: undefined })).toBe(canonicalHash({ n: NaN, big: 10n }));
  });
});
