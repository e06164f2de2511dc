import { messagesOf, numberOrUndefined, sendJson, streamPieces, type WireProtocol } from "./wire-protocol.js";

/**
 * Ollama chat: newline-delimited JSON, content pieces then a `done` line with the counts;
 * one object when `stream: false`. Sampling settings sit under `options`.
 */
export const ollamaWire: WireProtocol = {
  read: (body) => {
    const options = (body.options ?? {}) as Record<string, unknown>;
    return {
      model: typeof body.model === "string" ? body.model : undefined,
      messages: messagesOf(body),
      temperature: numberOrUndefined(options.temperature),
      maxTokens: numberOrUndefined(options.num_predict),
      // Ollama streams unless told not to.
      stream: body.stream !== false,
    };
  },

  reply(res, request, reply) {
    const model = request.model ?? "scripted";
    const createdAt = new Date().toISOString();
    const done = {
      model,
      created_at: createdAt,
      message: { role: "assistant", content: request.stream ? "" : reply.text },
      done: true,
      done_reason: reply.finishReason,
      total_duration: 1_000_000,
      load_duration: 1_000,
      prompt_eval_duration: 1_000,
      eval_duration: 1_000,
      ...(reply.usage === null ? {} : { prompt_eval_count: reply.usage.input, eval_count: reply.usage.output }),
    };
    if (!request.stream) {
      sendJson(res, 200, done);
      return;
    }
    res.writeHead(200, { "content-type": "application/x-ndjson" });
    for (const piece of streamPieces(reply.text)) {
      res.write(`${JSON.stringify({ model, created_at: createdAt, message: { role: "assistant", content: piece }, done: false })}\n`);
    }
    res.end(`${JSON.stringify(done)}\n`);
  },

  error(res, status, message, headers) {
    sendJson(res, status, { error: message }, headers);
  },

  malformed(res) {
    res.writeHead(200, { "content-type": "application/x-ndjson" });
    res.end('{"model": "scripted", "message": {"role": "assist\n');
  },
};
