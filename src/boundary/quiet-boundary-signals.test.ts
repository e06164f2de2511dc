import { afterEach, describe, expect, it, vi } from "vitest";
import { quietBoundarySignals } from "./quiet-boundary-signals.js";

describe("quietBoundarySignals", () => {
  afterEach(() => vi.restoreAllMocks());

  it("drops LangChain's log line for the boundary's own stop signal and keeps every other line", () => {
    const seen: unknown[][] = [];
    const spy = vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
      seen.push(args);
    });
    quietBoundarySignals();
    console.error("Error in handler BoundaryCallbackHandler, handleChainStart: BoundarySignal: mendloop boundary stops the run");
    console.error("Error in handler BoundaryCallbackHandler, handleLLMEnd: TypeError: boom");
    console.error("Error in handler OtherHandler, handleChainStart: BoundarySignal: not ours");
    console.error("plain", 42);
    expect(seen).toEqual([
      ["Error in handler BoundaryCallbackHandler, handleLLMEnd: TypeError: boom"],
      ["Error in handler OtherHandler, handleChainStart: BoundarySignal: not ours"],
      ["plain", 42],
    ]);
    spy.mockRestore();
  });
});
