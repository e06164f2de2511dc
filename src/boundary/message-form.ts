import type { BaseMessage } from "@langchain/core/messages";

/**
 * What a chat message says, without the ids and metadata that differ between identical
 * turns: type, content, name, tool calls by name and arguments, and a tool result's status.
 * A message that calls tools is its calls: the text beside them is narration ("Let me check
 * again", "One more look"), worded anew at every call by chat models, and what the graph does
 * next depends on the calls alone. Its content (with Anthropic's, the tool_use blocks that
 * repeat the calls under fresh `toolu_` ids) is left out, so that the same call made again is
 * the same step however it is introduced.
 */
export function messageForm(message: BaseMessage): Record<string, unknown> {
  const toolCalls = (message as { tool_calls?: { name: string; args: unknown }[] }).tool_calls;
  const status = (message as { status?: unknown }).status;
  return {
    type: message.getType(),
    content: toolCalls !== undefined && toolCalls.length > 0 ? undefined : message.content,
    name: message.name,
    tool_calls: toolCalls?.map((call) => ({ name: call.name, args: call.args })),
    ...(status === "error" ? { status } : {}),
  };
}
