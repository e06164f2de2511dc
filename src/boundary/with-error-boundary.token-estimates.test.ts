import { describe, expect, it } from "vitest";
import { ScriptedChatModel } from "./__fixtures__/scripted-chat-model.js";
import { toolLoopGraph } from "./__fixtures__/tool-loop-graph.js";
import type { BoundaryEvent } from "./boundary-event.js";
import { withErrorBoundary } from "./with-error-boundary.js";

const alwaysSearch = { content: "", toolCalls: [{ name: "search", args: { q: "the answer" } }] };
const question = { messages: [{ role: "user", content: "What is the answer?" }] };
// Stuck detection off, so that only the token budget can stop the loop.
const noStuck = { thresholds: { loopRepeats: 1000, errorRepeats: 1000 } };

describe("withErrorBoundary token estimates before a call", () => {
  it("lets the first call under a small budget through, warns, then stops before the call that would pass it", async () => {
    const events: BoundaryEvent[] = [];
    const model = new ScriptedChatModel({ replies: [alwaysSearch], usage: { input: 50, output: 300 } });
    const bounded = withErrorBoundary(toolLoopGraph(model), { ...noStuck, budgets: { tokens: 800 }, onEvent: (e) => events.push(e) });

    const result = await bounded.invoke(question);

    // The second call is estimated at its input plus the 300-token mean of the first: it
    // fits (350 + ~320 of 800); a third would not (700 + ~320), so it is never made.
    expect(model.calls).toBe(2);
    expect(result.boundary).toMatchObject({ reason: "budget_tokens", usage: { inputTokens: 100, outputTokens: 600 } });
    const kinds = events.map((e) => (e.type === "warning" && e.source === "budget" ? `warning:${e.budget}` : e.type));
    expect(kinds.indexOf("warning:tokens")).toBeGreaterThan(-1);
    expect(kinds.indexOf("warning:tokens")).toBeLessThan(kinds.indexOf("stop"));
  });

  it("estimates a call's output from its own max tokens when it sets them", async () => {
    const model = new ScriptedChatModel({ replies: [alwaysSearch], usage: { input: 50, output: 30 }, maxTokens: 2000 });
    const bounded = withErrorBoundary(toolLoopGraph(model), { ...noStuck, budgets: { tokens: 1000 } });

    const result = await bounded.invoke(question);

    expect(model.calls).toBe(0);
    expect(result.boundary?.reason).toBe("budget_tokens");
    expect(result.boundary?.message).toMatch(/may take \d+ tokens/);
  });

  it("caps the mean at defaultMaxOutputTokens", async () => {
    const model = new ScriptedChatModel({ replies: [alwaysSearch], usage: { input: 50, output: 600 } });
    const bounded = withErrorBoundary(toolLoopGraph(model), { ...noStuck, budgets: { tokens: 1400 }, defaultMaxOutputTokens: 100 });

    await bounded.invoke(question);

    // 650 spent; the next call is estimated at its input plus 100 (not 600): it goes through.
    expect(model.calls).toBe(2);
  });
});
