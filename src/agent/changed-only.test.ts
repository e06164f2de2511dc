import { describe, expect, it } from "vitest";
import { changedOnly } from "./changed-only.js";
import type { AgentStateValue, AgentUpdate } from "./state.js";

const state = (values: Record<string, unknown>) => values as unknown as AgentStateValue;
const update = (values: Record<string, unknown>) => values as AgentUpdate;

describe("changedOnly", () => {
  it("leaves out the channels an update would set to what they hold, and keeps the rest", () => {
    const best = { code: "x", n: 1 };
    const before = state({ attempts: 2, strategy: "fix", files: null, older: [], best, message: "m" });
    const after = changedOnly(before, update({ attempts: 3, strategy: "fix", files: null, older: [], best, message: "n" }));
    expect(after).toEqual({ attempts: 3, message: "n" });
  });

  it("always keeps usage, whose reducer adds the update to the totals, and code, which the error boundary reads from each update", () => {
    const before = state({ usage: { executions: 1 }, code: "x = 1" });
    expect(changedOnly(before, update({ usage: { executions: 1 }, code: "x = 1" }))).toEqual({ usage: { executions: 1 }, code: "x = 1" });
  });

  it("keeps a list or record that is equal but not the same object (nothing is walked), and a list that empties", () => {
    const before = state({ recent: [{ code: "a" }], check: { passed: false } });
    const written = update({ recent: [{ code: "a" }], check: { passed: false } });
    expect(changedOnly(before, written)).toEqual(written);
    expect(changedOnly(before, update({ recent: [] }))).toEqual({ recent: [] });
  });

  it("returns the update itself when every key changes, and an empty one when none does", () => {
    const written = update({ attempts: 1 });
    expect(changedOnly(state({ attempts: 0 }), written)).toBe(written);
    expect(changedOnly(state({ attempts: 1, reason: null }), update({ attempts: 1, reason: null }))).toEqual({});
  });
});
