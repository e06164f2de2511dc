import { randomBytes } from "node:crypto";
import { FakeListChatModel } from "@langchain/core/utils/testing";
import { AIMessage, type BaseMessage } from "@langchain/core/messages";
import type { ChatResult } from "@langchain/core/outputs";

/** One reply: text, or tool calls (by name and arguments) with text. */
export type ToolReply = string | { content?: string; toolCalls: { name: string; args: Record<string, unknown> }[] };

/** A provider-style id: a prefix and base62 characters (`call_…`, `chatcmpl-…`). */
function providerId(prefix: string, length: number): string {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
  return prefix + [...randomBytes(length)].map((byte) => alphabet[byte % alphabet.length]).join("");
}

/**
 * LangChain's FakeListChatModel, replying with tool calls the way a provider does: every
 * reply has a fresh message id, fresh tool-call ids, a creation time and token usage. The
 * last reply repeats. `calls` counts the calls that reached it.
 */
export class FreshIdToolModel extends FakeListChatModel {
  calls = 0;
  private readonly replies: ToolReply[];

  constructor(replies: ToolReply[]) {
    super({ responses: replies.map((reply) => (typeof reply === "string" ? reply : (reply.content ?? ""))) });
    this.replies = replies;
  }

  /**
   * Bound to tools it stays this model, as a provider's model does (LangChain's fake returns
   * a fresh FakeListChatModel), so that agents which bind tools (`createAgent`) get its replies.
   */
  override bindTools(_tools: Parameters<FakeListChatModel["bindTools"]>[0]): ReturnType<FakeListChatModel["bindTools"]> {
    return this.withConfig({}) as unknown as ReturnType<FakeListChatModel["bindTools"]>;
  }

  override async _generate(_messages: BaseMessage[]): Promise<ChatResult> {
    const reply = this.replies[Math.min(this.calls, this.replies.length - 1)];
    this.calls += 1;
    const content = typeof reply === "string" ? reply : (reply.content ?? "");
    const message = new AIMessage({
      id: providerId("chatcmpl-", 29),
      content,
      tool_calls:
        typeof reply === "string" ? [] : reply.toolCalls.map((call) => ({ ...call, id: providerId("call_", 24), type: "tool_call" as const })),
      usage_metadata: { input_tokens: 120, output_tokens: 30, total_tokens: 150 },
      response_metadata: { created: Math.floor(Date.now() / 1000), model_name: "gpt-4o-mini-2024-07-18" },
    });
    return { generations: [{ message, text: content }] };
  }
}
