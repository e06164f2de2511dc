import type { ServerResponse } from "node:http";
import type { RecordedRequest, ScriptedUsage } from "../scripted-step.js";

/** A reply the script asks for, ready to be written in one protocol's format. */
export interface ScriptedReply {
  text: string;
  /** Null when the reply reports no usage. */
  usage: ScriptedUsage | null;
  finishReason: "stop" | "length";
}

/** The fields of a request that a protocol reads its own way. */
export type RequestFields = Pick<RecordedRequest, "model" | "messages" | "temperature" | "maxTokens" | "stream">;

/** One provider's wire format, as the scripted server speaks it. */
export interface WireProtocol {
  read(body: Record<string, unknown>): RequestFields;
  reply(res: ServerResponse, request: RecordedRequest, reply: ScriptedReply): void;
  error(res: ServerResponse, status: number, message: string, headers: Record<string, string>): void;
  /** A 200 whose body cannot be parsed. */
  malformed(res: ServerResponse): void;
}

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { "content-type": "application/json", ...headers });
  res.end(JSON.stringify(body));
}

/** Splits a reply into stream deltas the way servers do: a few characters at a time. */
export function streamPieces(text: string): string[] {
  const size = 16;
  const result: string[] = [];
  for (let start = 0; start < text.length; start += size) result.push(text.slice(start, start + size));
  return result;
}

let idCounter = 0;
/** A fresh response id with the provider's prefix (`chatcmpl-`, `msg_`). */
export function responseId(prefix: string): string {
  idCounter += 1;
  return `${prefix}${Date.now().toString(36)}${idCounter}`;
}

/** Message content is a string or a list of parts (`{type: "text", text}`); tests want text. */
export function contentText(content: unknown): string {
  if (typeof content === "string") return content;
  if (Array.isArray(content)) {
    return content
      .map((part) => (typeof part === "string" ? part : typeof part?.text === "string" ? part.text : ""))
      .join("");
  }
  return content === undefined || content === null ? "" : JSON.stringify(content);
}

/** `{role, content}` records of a request's `messages`, content flattened to text. */
export function messagesOf(body: Record<string, unknown>): { role: string; content: string }[] {
  const messages = (Array.isArray(body.messages) ? body.messages : []) as Record<string, unknown>[];
  return messages.map((message) => ({ role: String(message.role), content: contentText(message.content) }));
}

export function numberOrUndefined(value: unknown): number | undefined {
  return typeof value === "number" ? value : undefined;
}
