import type { ServerResponse } from "node:http";
import type { RecordedRequest, ScriptedUsage } from "../scripted-step.js";
import { jsonOrEventStreamWire } from "./json-or-event-stream-wire.js";
import { messagesOf, numberOrUndefined, responseId, type ScriptedReply, streamPieces } from "./wire-protocol.js";

/** OpenAI chat completions: one `chat.completion` object, or SSE chunks ending in `[DONE]`. */
export const openAIWire = jsonOrEventStreamWire({
  read: (body) => ({
    model: typeof body.model === "string" ? body.model : undefined,
    messages: messagesOf(body),
    temperature: numberOrUndefined(body.temperature),
    maxTokens: numberOrUndefined(body.max_tokens ?? body.max_completion_tokens),
    stream: body.stream === true,
  }),

  body: (request, reply) => ({
    id: responseId("chatcmpl-"),
    object: "chat.completion",
    created: Math.floor(Date.now() / 1000),
    model: request.model ?? "scripted",
    choices: [
      {
        index: 0,
        message: { role: "assistant", content: reply.text, refusal: null },
        logprobs: null,
        finish_reason: reply.finishReason,
      },
    ],
    ...(reply.usage === null ? {} : { usage: usageBody(reply.usage) }),
    system_fingerprint: "fp_scripted",
  }),

  stream,

  errorTypes: {
    400: "invalid_request_error",
    401: "invalid_request_error",
    403: "permission_error",
    404: "invalid_request_error",
    429: "rate_limit_exceeded",
  },
  otherErrorType: "server_error",
  errorBody: (type, message) => ({ error: { message, type, param: null, code: null } }),

  malformedBody: '{"id": "chatcmpl-broken", "object": "chat.completion", "choices": [{"index": 0, "message": {"role": "assist',
});

function stream(res: ServerResponse, request: RecordedRequest, reply: ScriptedReply): void {
  const id = responseId("chatcmpl-");
  const created = Math.floor(Date.now() / 1000);
  const model = request.model ?? "scripted";
  const chunk = (choices: unknown[], extra: Record<string, unknown> = {}) =>
    `data: ${JSON.stringify({ id, object: "chat.completion.chunk", created, model, system_fingerprint: "fp_scripted", choices, ...extra })}\n\n`;
  res.write(chunk([{ index: 0, delta: { role: "assistant", content: "" }, logprobs: null, finish_reason: null }]));
  for (const piece of streamPieces(reply.text)) {
    res.write(chunk([{ index: 0, delta: { content: piece }, logprobs: null, finish_reason: null }]));
  }
  res.write(chunk([{ index: 0, delta: {}, logprobs: null, finish_reason: reply.finishReason }]));
  // As OpenAI does: usage comes in a last chunk with no choices, only when asked for.
  const streamOptions = request.body.stream_options as { include_usage?: boolean } | undefined;
  if (reply.usage !== null && streamOptions?.include_usage === true) res.write(chunk([], { usage: usageBody(reply.usage) }));
  res.end("data: [DONE]\n\n");
}

function usageBody(usage: ScriptedUsage) {
  return { prompt_tokens: usage.input, completion_tokens: usage.output, total_tokens: usage.input + usage.output };
}
