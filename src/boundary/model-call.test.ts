import { AIMessage, HumanMessage } from "@langchain/core/messages";
import { describe, expect, it } from "vitest";
import { estimateChatCall, estimateTextCall, usageOfResult } from "./model-call.js";

describe("estimateChatCall", () => {
  const messages = [[new HumanMessage("Write a function that returns the median of a list.")]];

  it("reads the model and output cap LangChain reports, with the provider as a spec prefix", () => {
    const estimate = estimateChatCall(messages, { invocation_params: { model: "gpt-4o-mini", max_tokens: 300 } }, { ls_provider: "openai" });
    expect(estimate.model).toBe("openai:gpt-4o-mini");
    expect(estimate.maxOutputTokens).toBe(300);
  });

  it("knows the output cap under each provider's name for it, else reports none", () => {
    const cap = (params: Record<string, unknown>, metadata: Record<string, unknown> = {}) =>
      estimateChatCall(messages, { invocation_params: params }, metadata).maxOutputTokens;
    expect(cap({ maxTokens: 10 })).toBe(10);
    expect(cap({ max_completion_tokens: 11 })).toBe(11);
    expect(cap({ num_predict: 12 })).toBe(12);
    expect(cap({}, { ls_max_tokens: 13 })).toBe(13);
    expect(cap({ max_tokens: -1 })).toBeUndefined();
  });

  it("counts input tokens locally, tool calls included, only when asked", () => {
    const plain = estimateChatCall(messages, {}, {}).inputTokens();
    expect(plain).toBeGreaterThan(10);
    const withCall = estimateChatCall(
      [[...messages[0], new AIMessage({ content: "", tool_calls: [{ id: "1", name: "run_tests", args: { file: "test_median.py" } }] })]],
      {},
      {},
    ).inputTokens();
    expect(withCall).toBeGreaterThan(plain + 5);
  });

  it("does the same for completion models", () => {
    const estimate = estimateTextCall(["Say hello."], { invocation_params: { model_name: "text-davinci", max_tokens: 64 } }, {});
    expect(estimate).toMatchObject({ model: "text-davinci", maxOutputTokens: 64 });
    expect(estimate.inputTokens()).toBeGreaterThan(0);
  });
});

describe("usageOfResult", () => {
  it("sums the usage each generation reports", () => {
    const reply = (input: number, output: number) => ({
      text: "",
      message: new AIMessage({ content: "", usage_metadata: { input_tokens: input, output_tokens: output, total_tokens: input + output } }),
    });
    expect(usageOfResult({ generations: [[reply(10, 2)], [reply(5, 1)]] })).toEqual({ input: 15, output: 3 });
  });

  it("falls back to the run-level token usage of completion models", () => {
    expect(usageOfResult({ generations: [[{ text: "hi" }]], llmOutput: { tokenUsage: { promptTokens: 7, completionTokens: 3 } } })).toEqual({
      input: 7,
      output: 3,
    });
  });

  it("is undefined when the provider reported nothing", () => {
    expect(usageOfResult({ generations: [[{ text: "hi", message: new AIMessage("hi") } as never]] })).toBeUndefined();
  });
});
