import type { ServerResponse } from "node:http";
import type { RecordedRequest } from "../scripted-step.js";
import { jsonOrEventStreamWire } from "./json-or-event-stream-wire.js";
import { contentText, messagesOf, numberOrUndefined, responseId, type ScriptedReply, streamPieces } from "./wire-protocol.js";

/** Anthropic messages: one `message` object, or the SSE event sequence of a streamed message. */
export const anthropicWire = jsonOrEventStreamWire({
  read: (body) => ({
    model: typeof body.model === "string" ? body.model : undefined,
    // The system prompt is a top-level field; tests read it as the first message.
    messages: [...(body.system === undefined ? [] : [{ role: "system", content: contentText(body.system) }]), ...messagesOf(body)],
    temperature: numberOrUndefined(body.temperature),
    maxTokens: numberOrUndefined(body.max_tokens),
    stream: body.stream === true,
  }),

  body: (request, reply) => ({
    id: responseId("msg_"),
    type: "message",
    role: "assistant",
    model: request.model ?? "scripted",
    content: [{ type: "text", text: reply.text }],
    stop_reason: stopReason(reply),
    stop_sequence: null,
    usage: { input_tokens: reply.usage?.input ?? 0, output_tokens: reply.usage?.output ?? 0 },
  }),

  stream,

  errorTypes: {
    400: "invalid_request_error",
    401: "authentication_error",
    403: "permission_error",
    404: "not_found_error",
    429: "rate_limit_error",
    529: "overloaded_error",
  },
  otherErrorType: "api_error",
  errorBody: (type, message) => ({ type: "error", error: { type, message } }),

  malformedBody: '{"id": "msg_broken", "type": "message", "content": [{"type": "te',
});

function stream(res: ServerResponse, request: RecordedRequest, reply: ScriptedReply): void {
  const event = (type: string, data: Record<string, unknown>) => `event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n`;
  res.write(
    event("message_start", {
      message: {
        id: responseId("msg_"),
        type: "message",
        role: "assistant",
        model: request.model ?? "scripted",
        content: [],
        stop_reason: null,
        stop_sequence: null,
        // Anthropic sends a token or so here and the total in message_delta; LangChain adds the
        // two, so 0 here keeps the scripted total exact.
        usage: { input_tokens: reply.usage?.input ?? 0, output_tokens: 0 },
      },
    }),
  );
  res.write(event("content_block_start", { index: 0, content_block: { type: "text", text: "" } }));
  for (const piece of streamPieces(reply.text)) {
    res.write(event("content_block_delta", { index: 0, delta: { type: "text_delta", text: piece } }));
  }
  res.write(event("content_block_stop", { index: 0 }));
  res.write(
    event("message_delta", {
      delta: { stop_reason: stopReason(reply), stop_sequence: null },
      usage: { output_tokens: reply.usage?.output ?? 0 },
    }),
  );
  res.end(event("message_stop", {}));
}

function stopReason(reply: ScriptedReply): string {
  return reply.finishReason === "length" ? "max_tokens" : "end_turn";
}
