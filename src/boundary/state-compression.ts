import { randomUUID } from "node:crypto";
import type { Callbacks } from "@langchain/core/callbacks/manager";
import { type BaseMessage, HumanMessage, RemoveMessage, SystemMessage, isBaseMessage, trimMessages } from "@langchain/core/messages";
import { REMOVE_ALL_MESSAGES } from "@langchain/langgraph";
import { countMessageTokens } from "./state-size.js";

/** A chat model that writes the summary (any LangChain chat model). */
export interface SummaryModel {
  invoke(input: BaseMessage[], options?: { callbacks?: Callbacks; metadata?: Record<string, unknown> }): Promise<{ content: unknown; text?: string }>;
}

/** How a message state is compressed. */
export interface MessageCompression {
  /** The channel holding the message list. Default `messages` (as in `MessagesAnnotation`). */
  messagesKey?: string;
  /**
   * Tokens of messages to keep (system messages and the newest ones). Default: half of what
   * the list holds, less when that would still leave the state over its budgets.
   */
  maxTokens?: number;
  /**
   * A chat model that summarizes the messages trimmed away: they are replaced by one
   * message carrying its summary, placed after the system messages. Without it they are dropped.
   */
  summarizeWith?: SummaryModel;
}

/**
 * Compresses a state that is not a message list: returns the update that makes it smaller,
 * written with `updateState` as a node's update would be (a channel with a reducer takes it
 * through its reducer: return `new Overwrite(value)` to replace such a channel).
 */
export type CompressFunction<S = Record<string, any>> = (state: S) => StateUpdate<S> | Promise<StateUpdate<S>>;

/** A node-style update of some of the state's channels (values, or `Overwrite`s for reducer channels). */
export type StateUpdate<S> = { [K in keyof S]?: unknown };

/** `BoundaryOptions.compress`: message trimming settings, or a function for other states. */
export type CompressOption<S = Record<string, any>> = MessageCompression | CompressFunction<S>;

/** How far to shrink a message list. */
export interface CompressionTarget {
  maxTokens: number;
  /** At most this many messages (system messages included). */
  maxMessages?: number;
}

/** A message list cut down: the state update that writes it, and how it was made. */
export interface MessagePlan {
  method: "trim" | "summary";
  update: Record<string, unknown>;
  /** The message list the update leaves. */
  messages: BaseMessage[];
  removed: number;
}

/** The node name the summary call is reported under. */
export const SUMMARY_NODE = "boundary:compress";

const SUMMARY_PROMPT =
  "You summarize the earlier part of a conversation so that it can go on without it. Keep facts, decisions, " +
  "open questions, names, numbers and tool results that later turns may need; leave out pleasantries. " +
  "Answer with the summary only.";

/**
 * Keeps the system messages and the newest messages within `target` with LangChain's
 * `trimMessages` (never starting on a tool result cut off from its call), and, with a
 * `summarizeWith` model, puts one summary of the trimmed messages after the system messages.
 * The update replaces the list through LangGraph's messages reducer (`RemoveMessage` with
 * `REMOVE_ALL_MESSAGES`, then the new list), so checkpoints hold the compressed list.
 * Undefined when nothing can be trimmed.
 */
export async function planMessageCompression(
  list: readonly unknown[],
  key: string,
  target: CompressionTarget,
  summarizeWith: SummaryModel | undefined,
  callbacks: Callbacks | undefined,
): Promise<MessagePlan | undefined> {
  if (!list.every((item) => isBaseMessage(item))) {
    throw new Error(`the "${key}" channel holds items that are not LangChain messages: give compress a function instead`);
  }
  const messages = list as BaseMessage[];
  // The newest turn (from the last human or AI message on) is always kept: the conversation
  // goes on from it, and trimMessages fails when not even that fits.
  const lead = messages[0]?.getType() === "system" ? 1 : 0;
  const turnStart = Math.max(lead, messages.findLastIndex((m) => m.getType() === "human" || m.getType() === "ai"));
  const floor = [...messages.slice(0, lead), ...messages.slice(turnStart)];
  const trim = (some: BaseMessage[], maxTokens: number, counter: (some: BaseMessage[]) => number) =>
    trimMessages(some, { maxTokens: Math.max(maxTokens, counter(floor)), tokenCounter: counter, strategy: "last", includeSystem: true, startOn: ["human", "ai"] });
  let kept = await trim(messages, target.maxTokens, (some) => countMessageTokens(some));
  if (target.maxMessages !== undefined && kept.length > target.maxMessages) kept = await trim(kept, target.maxMessages, (some) => some.length);
  // What is kept is the system message and a suffix (trimMessages returns copies, so count).
  const keptLead = lead === 1 && kept[0]?.getType() === "system" ? 1 : 0;
  const removed = messages.slice(lead, messages.length - (kept.length - keptLead));
  if (removed.length === 0) return undefined;
  let result = kept;
  if (summarizeWith !== undefined) {
    const summary = await summarize(removed, summarizeWith, callbacks);
    result = [...kept.slice(0, keptLead), summary, ...kept.slice(keptLead)];
  }
  return {
    method: summarizeWith === undefined ? "trim" : "summary",
    update: { [key]: [new RemoveMessage({ id: REMOVE_ALL_MESSAGES }), ...result] },
    messages: result,
    removed: removed.length,
  };
}

async function summarize(removed: BaseMessage[], model: SummaryModel, callbacks: Callbacks | undefined): Promise<BaseMessage> {
  const transcript = removed.map(transcriptLine).join("\n");
  const reply = await model.invoke([new SystemMessage(SUMMARY_PROMPT), new HumanMessage(transcript)], {
    ...(callbacks === undefined ? {} : { callbacks }),
    metadata: { langgraph_node: SUMMARY_NODE },
  });
  const text = typeof reply.text === "string" ? reply.text : typeof reply.content === "string" ? reply.content : "";
  if (text.trim() === "") throw new Error("the summary model answered with no text");
  // A human turn, as LangChain's summarization middleware writes it: a second system
  // message is refused by some providers.
  return new HumanMessage({
    id: `boundary-summary-${randomUUID()}`,
    content: `Summary of the earlier conversation (shortened to keep this run within its limits):\n${text.trim()}`,
    additional_kwargs: { boundary_summary: { replaced: removed.length } },
  });
}

function transcriptLine(message: BaseMessage): string {
  const calls = (message as { tool_calls?: { name: string; args: unknown }[] }).tool_calls ?? [];
  const called = calls.map((call) => ` [calls ${call.name} ${JSON.stringify(call.args)}]`).join("");
  return `${message.getType()}: ${message.text}${called}`;
}

/** Checks what a user's compress function returned: a partial state of the graph's channels. */
export function checkCompressedState(value: unknown, channels: readonly string[] | undefined): Record<string, unknown> {
  if (typeof value !== "object" || value === null || Array.isArray(value) || isBaseMessage(value)) {
    throw new Error(`compress returned ${value === null ? "null" : Array.isArray(value) ? "an array" : typeof value}, not a state update`);
  }
  const keys = Object.keys(value);
  if (keys.length === 0) throw new Error("compress returned an empty update");
  const unknown = channels === undefined ? [] : keys.filter((key) => !channels.includes(key));
  if (unknown.length > 0) throw new Error(`compress returned keys the state does not have: ${unknown.join(", ")}`);
  return value as Record<string, unknown>;
}
