import { StateGraph, MessagesAnnotation, START, END } from "@langchain/langgraph";
import { FakeListChatModel } from "@langchain/core/utils/testing";
import { describe, expect, it } from "vitest";
import { BoundaryOptionsError } from "../errors/index.js";
import { escalatingPolicy } from "./intervention-policy.js";
import { withErrorBoundary } from "./with-error-boundary.js";

const graph = new StateGraph(MessagesAnnotation)
  .addNode("agent", () => ({ messages: [] }))
  .addEdge(START, "agent")
  .addEdge("agent", END)
  .compile();

/** The message withErrorBoundary refuses `options` with (it must refuse them). */
function refusal(options: unknown): string {
  try {
    withErrorBoundary(graph, options as never);
  } catch (error) {
    expect(BoundaryOptionsError.isInstance(error)).toBe(true);
    const message = (error as Error).message;
    expect(message).not.toContain("\n");
    return message;
  }
  throw new Error(`options were accepted: ${JSON.stringify(options)}`);
}

describe("withErrorBoundary options", () => {
  it("refuses unknown keys, with the option meant", () => {
    expect(refusal({ budget: { steps: 5 } })).toBe('withErrorBoundary: unknown option "budget": did you mean "budgets"?');
    expect(refusal({ budgets: { token: 100 } })).toBe('withErrorBoundary: unknown option "budgets.token": did you mean "budgets.tokens"?');
    expect(refusal({ thresholds: { loopRepeat: 3 } })).toMatch(/did you mean "thresholds.loopRepeats"\?/);
    expect(refusal({ colour: "red" })).toBe('withErrorBoundary: unknown option "colour"');
  });

  it("refuses negative, fractional and NaN counts, and thresholds that would switch detection off", () => {
    expect(refusal({ budgets: { steps: -1 } })).toBe('withErrorBoundary: option "budgets.steps" must be a whole number of at least 0, got -1');
    expect(refusal({ budgets: { steps: 2.5 } })).toBe('withErrorBoundary: option "budgets.steps" must be a whole number, got 2.5');
    expect(refusal({ budgets: { tokens: Number.NaN } })).toMatch(/"budgets.tokens" must be a number, got NaN/);
    expect(refusal({ thresholds: { loopRepeats: 0 } })).toMatch(/"thresholds.loopRepeats" must be a whole number of at least 2, got 0/);
    expect(refusal({ budgets: { nodes: { tools: -3 } } })).toMatch(/"budgets.nodes.tools" must be a whole number of at least 0/);
    expect(refusal({ warnAt: 1.5 })).toMatch(/"warnAt" must be a number from 0 to 1, got 1.5/);
  });

  it("refuses unknown modes, stop behaviours, interventions and policies", () => {
    expect(refusal({ mode: "enforced" })).toBe('withErrorBoundary: option "mode" must be one of enforce, observe, off, got "enforced"');
    expect(refusal({ onStop: "explode" })).toMatch(/"onStop" must be one of return, throw, got "explode"/);
    expect(refusal({ policy: "terminate" })).toMatch(/"policy" must be a function, got "terminate"/);
    expect(refusal({ handlers: { rollbak: () => ({}) } })).toMatch(/did you mean "handlers.rollback"\?/);
    expect(() => escalatingPolicy(["modify_prompt", "terminat" as never])).toThrow(
      /escalatingPolicy step 2: unknown intervention "terminat"; .* \(did you mean "terminate"\?\)/,
    );
  });

  it("refuses state budgets and compress settings that cannot work, naming the setting", () => {
    expect(refusal({ budgets: { stateBytes: 0 } })).toBe('withErrorBoundary: option "budgets.stateBytes" must be a whole number of at least 1, got 0');
    expect(refusal({ budgets: { message: 40 } })).toMatch(/did you mean "budgets.messages"\?/);
    expect(refusal({ compress: { maxToken: 500 } })).toBe('withErrorBoundary: unknown option "compress.maxToken": did you mean "compress.maxTokens"?');
    expect(refusal({ compress: { maxTokens: -5 } })).toMatch(/"compress.maxTokens" must be a whole number of at least 1, got -5/);
    expect(refusal({ compress: { summarizeWith: "openai:gpt-4o-mini" } })).toMatch(
      /"compress.summarizeWith" must be a LangChain chat model \(an object with invoke\), got "openai:gpt-4o-mini"/,
    );
    expect(refusal({ compress: "trim" })).toMatch(/"compress" must be a function \(state\) => update, or \{ messagesKey, maxTokens, summarizeWith \}, got "trim"/);
    expect(refusal({ thresholds: { leakFit: 2 } })).toMatch(/"thresholds.leakFit" must be a number from 0 to 1, got 2/);
    expect(() => escalatingPolicy(["compres" as never])).toThrow(/did you mean "compress"\?/);
  });

  it("accepts what the documentation shows", () => {
    expect(() =>
      withErrorBoundary(graph, {
        mode: "observe",
        budgets: { steps: 40, tokens: 20_000, usd: 0.5, seconds: 120, nodes: { tools: 10 } },
        thresholds: { loopRepeats: 4, textSimilarity: 0.85 },
        expectRepeats: { poll: 10 },
        noteKey: null,
        onStop: "throw",
        onRecursionLimit: "throw",
        policy: escalatingPolicy([{ kind: "modify_prompt", update: { strategy: "fresh" } }, "terminate"]),
        prices: { "openai:gpt-4o": { inputPerMTok: 2.5, outputPerMTok: 10 } },
      }),
    ).not.toThrow();
    expect(() =>
      withErrorBoundary(graph, {
        budgets: { stateBytes: 200_000, messages: 60 },
        thresholds: { leakWindow: 10, leakGrowth: 0.5, leakFit: 0.8 },
        compress: { maxTokens: 4000, messagesKey: "messages", summarizeWith: new FakeListChatModel({ responses: ["summary"] }) },
      }),
    ).not.toThrow();
    expect(() =>
      withErrorBoundary(graph, { budgets: { stateBytes: 50_000 }, compress: (state) => ({ messages: state.messages.slice(-4) }) }),
    ).not.toThrow();
  });
});
