import { AIMessage, type BaseMessage, HumanMessage, SystemMessage, isBaseMessage } from "@langchain/core/messages";

/** A chat message as plain data, the shape prompts are usually built in. */
export interface PlainMessage {
  role: "system" | "user" | "assistant";
  content: string;
}

/** Messages as LangChain messages or plain `{role, content}` records, mixed freely. */
export type MessageInput = BaseMessage | PlainMessage;

/** Turns plain `{role, content}` records into LangChain messages; LangChain messages pass through. */
export function toBaseMessages(messages: readonly MessageInput[]): BaseMessage[] {
  return messages.map((message) => {
    if (isBaseMessage(message)) return message;
    switch (message.role) {
      case "system":
        return new SystemMessage(message.content);
      case "assistant":
        return new AIMessage(message.content);
      default:
        return new HumanMessage(message.content);
    }
  });
}
