import { AIMessage, ToolMessage } from "@langchain/core/messages";
import { describe, expect, it } from "vitest";
import { isVolatileKey } from "./canonical-hash.js";
import { fingerprintOf } from "./update-fingerprint.js";
import { normalizeVolatile } from "./volatile-text.js";

const print = (update: unknown) => fingerprintOf(update, isVolatileKey);

describe("normalizeVolatile", () => {
  it("replaces clocks, dates and generated ids, and keeps the words", () => {
    expect(normalizeVolatile("checked 2026-12-01T09:41:22.123Z, job 3f2b7c1e-5d4a-4e8b-9c0d-1a2b3c4d5e6f")).toBe("checked <time>, job <id>");
    expect(normalizeVolatile("call_Jx8pQ2mZk4LrT9vWb1Yc3NdE and chatcmpl-AbC123dEf456 req_8f3a2b1c9d")).toBe("<id> and <id> <id>");
    expect(normalizeVolatile("sha 9f86d081884c7d659a2feaa0c55ad015a3bf4f1b at 1764581282")).toBe("sha <id> at <time>");
    expect(normalizeVolatile("Tue, 01 Dec 2026 09:35:05 GMT")).toBe("<time>");
    expect(normalizeVolatile("flight BA117 departs at gate 22")).toBe("flight BA117 departs at gate 22");
    expect(normalizeVolatile("token eyJhbGciOiJIUzI1NiJ9xYz12 expired")).toBe("token <id> expired");
    const code = "def test_returns_the_median_of_values():\n    assert median([3, 1, 2]) == 2  # deadbeef";
    expect(normalizeVolatile(code)).toBe(code);
  });
});

describe("fingerprintOf", () => {
  it("gives two tool turns with fresh ids and stamped results the same shape", () => {
    const turn = (id: string, at: string) => [
      new AIMessage({ id: `chatcmpl-${id}`, content: "", tool_calls: [{ id: `call_${id}`, name: "search", args: { q: "BA117" }, type: "tool_call" }] }),
      new ToolMessage({ content: `{"status":"unknown","checkedAt":"${at}"}`, tool_call_id: `call_${id}` }),
    ];
    const a = print({ messages: turn("Jx8pQ2mZk4LrT9vWb1Yc3NdE", "2026-12-01T09:41:22.123Z") });
    const b = print({ messages: turn("Qa7rT2nXk9LmW4vZb8Yd1PcF", "2026-12-01T09:41:25.901Z") });
    expect(a).toEqual(b);
    expect(print({ messages: [new AIMessage({ content: "", tool_calls: [{ id: "1", name: "search", args: { q: "AF12" } }] })] }).shape).not.toBe(
      print({ messages: [new AIMessage({ content: "", tool_calls: [{ id: "2", name: "search", args: { q: "BA117" } }] })] }).shape,
    );
  });

  it("sets prose apart to be compared by similarity, and numbers by path", () => {
    const fingerprint = print({ plan: "I will look up the departure status of flight BA117.", round: 3, status: "running" });
    expect(fingerprint.texts).toEqual(["I will look up the departure status of flight BA117."]);
    expect(fingerprint.numbers).toEqual([["round", 3]]);
  });

  it("reads errors from error keys, error-shaped values and failed tool results, normalized", () => {
    expect(print({ lastError: "Request req_8f3a2b1c9d failed with status 503 (attempt 4)" }).error).toBe("Request <id> failed with status # (attempt #)");
    expect(print({ result: "TimeoutError: no answer after 30s" }).error).toBe("TimeoutError: no answer after #");
    expect(print({ error: new RangeError("index 7 out of range") }).error).toBe("RangeError: index # out of range");
    const failed = new ToolMessage({ content: "Error: service unavailable, retry in 20s", tool_call_id: "call_1", status: "error" });
    expect(print({ messages: [failed] }).error).toBe("Error: service unavailable, retry in #");
    expect(print({ status: "ok", note: "all tests pass" }).error).toBeUndefined();
    expect(print({ error: null }).error).toBeUndefined();
  });
});

describe("fingerprintOf on texts seen before", () => {
  it("reads a text the same every time it comes back, and by the key that holds it", () => {
    const refused = "the upstream service refused the connection after 3 tries";
    const plan = "I will look up the departure status of flight BA117 again.";
    const first = print({ plan, note: refused, error: refused });
    const again = print({ plan, note: refused, error: refused });
    expect(again).toEqual(first);
    expect(again.texts).toEqual([plan]);
    // The same text is an error under an error key, and a plain value elsewhere.
    expect(again.error).toBe("the upstream service refused the connection after # tries");
    expect(print({ note: refused }).error).toBeUndefined();
    expect(print({ note: refused }).shape).not.toBe(print({ note: "the upstream service answered" }).shape);
  });
});

describe("fingerprintOf on JSON tool results", () => {
  it("reads JSON text as the values it holds: a poll count is a number, a timestamp a clock", () => {
    const poll = (polls: number) =>
      new ToolMessage({ content: JSON.stringify({ status: "running", checkedAt: new Date(Date.UTC(2026, 11, 1, 9, polls)).toISOString(), polls }), tool_call_id: `call_${polls}` });
    const [a, b] = [print({ messages: [poll(3)] }), print({ messages: [poll(4)] })];
    expect(a.shape).toBe(b.shape);
    expect(a.numbers).toEqual([["messages[0].content.polls", 3]]);
    expect(b.numbers).toEqual([["messages[0].content.polls", 4]]);
  });
});
