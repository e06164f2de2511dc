import type { BaseMessage } from "@langchain/core/messages";

/**
 * What a chat message says, without the ids and metadata that differ between identical
 * turns: type, content, name, tool calls by name and arguments, and a tool result's status.
 */
export function messageForm(message: BaseMessage): Record<string, unknown> {
  const toolCalls = (message as { tool_calls?: { name: string; args: unknown }[] }).tool_calls;
  const status = (message as { status?: unknown }).status;
  return {
    type: message.getType(),
    content: message.content,
    name: message.name,
    tool_calls: toolCalls?.map((call) => ({ name: call.name, args: call.args })),
    ...(status === "error" ? { status } : {}),
  };
}
