import { type BaseMessage, isBaseMessage } from "@langchain/core/messages";
import { countTextTokens } from "../models/count-tokens.js";
import { estimateChatCall } from "./model-call.js";

/** How big a state is: what it costs to keep, checkpoint and send. */
export interface StateSize {
  /** UTF-8 bytes of the state serialized as JSON (LangChain messages in their serialized form). */
  bytes: number;
  /** Messages in the state's messages channel (0 without one). */
  messages: number;
  /**
   * Tokens of those messages, counted locally with js-tiktoken (tool calls included). Counted
   * when the run has a token, cost or state budget or a `compress` option: loading the
   * tokenizer's tables takes seconds, which a run with none of them need not pay.
   */
  messageTokens?: number;
}

/** The state's size before one superstep, as the boundary measured it. */
export interface StateSizeSample extends StateSize {
  /** Node executions completed before it. */
  step: number;
  /** The LangGraph superstep about to run. */
  superstep: number;
  /** The node about to run (the first one, when several run in the superstep). */
  node: string;
}

/** Input tokens of one model call, in run order: the series the slow-leak detector fits. */
export interface CallSample {
  /** Model calls so far, this one included (1-based). */
  call: number;
  node?: string;
  /** Node executions started when the call was made. */
  step: number;
  inputTokens: number;
  /** Whether the provider reported no usage and the figure is the local count. */
  estimated: boolean;
}

/**
 * Measures a state. `messagesKey` names the channel holding the message list (undefined:
 * none); a list of plain records (`{ role, content }`) counts as messages too.
 */
export function measureState(state: unknown, messagesKey: string | undefined, countTokens: boolean): StateSize {
  const bytes = Buffer.byteLength(JSON.stringify(state ?? null) ?? "", "utf8");
  const list = messagesKey === undefined ? undefined : messagesOf(state, messagesKey);
  if (list === undefined) return { bytes, messages: 0, ...(countTokens ? { messageTokens: 0 } : {}) };
  return { bytes, messages: list.length, ...(countTokens ? { messageTokens: countMessageTokens(list) } : {}) };
}

/** The message list at `key` of a state, when there is one. */
export function messagesOf(state: unknown, key: string): unknown[] | undefined {
  if (typeof state !== "object" || state === null) return undefined;
  const value = (state as Record<string, unknown>)[key];
  return Array.isArray(value) ? value : undefined;
}

/** Tokens of a message list as a chat call would send it. */
export function countMessageTokens(list: readonly unknown[]): number {
  const messages = list.filter((item): item is BaseMessage => isBaseMessage(item));
  const records = list.filter((item) => !isBaseMessage(item));
  const counted = messages.length === 0 ? 0 : estimateChatCall([messages], undefined, undefined).inputTokens();
  // Plain records (`{ role, content }` and the like) are counted by their JSON text.
  return counted + (records.length === 0 ? 0 : countTextTokens(JSON.stringify(records)));
}
