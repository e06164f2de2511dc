import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import type { RecordedRequest, ScriptedApi, ScriptedStep, ScriptedUsage } from "./scripted-step.js";

/** A running scripted server. */
export interface ScriptedServer {
  /** OpenAI-style base URL, ending in `/v1` (give it to `OPENAI_BASE_URL` or `--base-url`). */
  url: string;
  /** Anthropic-style base URL (the SDK appends `/v1/messages`): give it to `ANTHROPIC_BASE_URL`. */
  anthropicUrl: string;
  /** Ollama-style host (the client appends `/api/chat`): give it to `OLLAMA_HOST`. */
  ollamaUrl: string;
  /**
   * Environment that points every provider at this server, for child processes and
   * `createChatModel({ env })`: `OPENAI_BASE_URL`, `ANTHROPIC_BASE_URL`, `OLLAMA_HOST` and
   * placeholder API keys.
   */
  env: Record<string, string>;
  /** Every request received, in order, including those answered with a fault. */
  requests: RecordedRequest[];
  /** Steps of an array script not used yet (`Infinity` for a function script). */
  remaining(): number;
  /** Stops the server and drops open connections (hanging requests included). */
  close(): Promise<void>;
}

export type Script = ScriptedStep[] | ((request: RecordedRequest, index: number) => ScriptedStep);

export interface ScriptedServerOptions {
  /**
   * What happens when an array script runs out: `error` (default) answers HTTP 400 with a
   * message saying so (400 is never retried, so the test fails at once); `repeat-last` replays
   * the last step forever.
   */
  onExhausted?: "error" | "repeat-last";
}

/**
 * Starts a small HTTP server on 127.0.0.1 (random port) that speaks the OpenAI chat
 * completions protocol (`POST /v1/chat/completions`, plain and `stream: true`, `GET /v1/models`),
 * Anthropic's messages protocol (`POST /v1/messages`, plain and streaming) and Ollama's chat
 * protocol (`POST /api/chat`, NDJSON streaming or not, `GET /api/tags`), answering each request
 * with the next scripted step. Tests talk to it over real HTTP through the real provider clients.
 */
export async function startScriptedServer(
  script: Script,
  options: ScriptedServerOptions = {},
): Promise<ScriptedServer> {
  const requests: RecordedRequest[] = [];
  const sockets = new Set<Socket>();
  let used = 0;

  const nextStep = (request: RecordedRequest, index: number): ScriptedStep | undefined => {
    if (typeof script === "function") return script(request, index);
    if (used < script.length) return script[used++];
    if (options.onExhausted === "repeat-last" && script.length > 0) return script[script.length - 1];
    return undefined;
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) sendJson(res, 500, { error: { message: String(error), type: "server_error" } });
      else res.destroy();
    });
  });

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const path = (req.url ?? "/").split("?")[0];
    if (req.method === "GET" && path === "/v1/models") {
      sendJson(res, 200, {
        object: "list",
        data: [{ id: "scripted", object: "model", created: 0, owned_by: "mendloop-testkit" }],
      });
      return;
    }
    if (req.method === "GET" && path === "/api/tags") {
      sendJson(res, 200, { models: [{ name: "scripted", model: "scripted", size: 0, digest: "0", details: {} }] });
      return;
    }
    const api = req.method === "POST" ? ROUTES[path] : undefined;
    if (api === undefined) {
      sendJson(res, 404, { error: { message: `no route for ${req.method} ${path}`, type: "invalid_request_error" } });
      return;
    }
    const raw = await readBody(req);
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(raw) as Record<string, unknown>;
    } catch {
      sendError(res, api, 400, "request body is not valid JSON");
      return;
    }
    const request = recordRequest(api, path, body, req.headers);
    const index = requests.length;
    requests.push(request);
    const step = nextStep(request, index);
    if (step === undefined) {
      sendError(res, api, 400, `scripted server: script exhausted, no step for request #${index + 1}`);
      return;
    }
    await play(step, request, req, res);
  };

  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;

  return {
    url: `${origin}/v1`,
    anthropicUrl: origin,
    ollamaUrl: origin,
    env: {
      OPENAI_BASE_URL: `${origin}/v1`,
      OPENAI_API_KEY: "sk-scripted",
      ANTHROPIC_BASE_URL: origin,
      ANTHROPIC_API_KEY: "sk-ant-scripted",
      OLLAMA_HOST: origin,
    },
    requests,
    remaining: () => (typeof script === "function" ? Infinity : Math.max(0, script.length - used)),
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** Collects the body, then sends only its first half and never ends the response. */
function stallHalfWay(res: ServerResponse): void {
  const write = res.write.bind(res) as (chunk: string) => boolean;
  let body = "";
  res.write = ((chunk: string) => {
    body += chunk;
    return true;
  }) as ServerResponse["write"];
  res.end = ((chunk?: string) => {
    if (chunk !== undefined) body += chunk;
    write(body.slice(0, Math.floor(body.length / 2)));
    return res;
  }) as ServerResponse["end"];
}

const ROUTES: Record<string, ScriptedApi> = {
  "/v1/chat/completions": "openai",
  "/v1/messages": "anthropic",
  "/api/chat": "ollama",
};

async function play(step: ScriptedStep, request: RecordedRequest, req: IncomingMessage, res: ServerResponse): Promise<void> {
  if ("hang" in step) return;
  if ("reset" in step) {
    req.socket.resetAndDestroy();
    return;
  }
  if ("malformed" in step) {
    if (request.api === "ollama") {
      res.writeHead(200, { "content-type": "application/x-ndjson" });
      res.end('{"model": "scripted", "message": {"role": "assist\n');
    } else {
      res.writeHead(200, { "content-type": "application/json" });
      res.end('{"id": "chatcmpl-broken", "object": "chat.completion", "choices": [{"index": 0, "message": {"role": "assist');
    }
    return;
  }
  if ("status" in step) {
    const headers: Record<string, string> = {};
    if (step.retryAfter !== undefined) headers["retry-after"] = String(step.retryAfter);
    if (step.body !== undefined) {
      res.writeHead(step.status, { "content-type": "application/json", ...headers });
      res.end(step.body);
    } else {
      sendError(res, request.api, step.status, defaultErrorMessage(step.status), headers);
    }
    return;
  }
  if (step.delayMs !== undefined) await new Promise((resolve) => setTimeout(resolve, step.delayMs));
  if (res.destroyed) return;
  if (step.stall) stallHalfWay(res);
  const usage = step.usage === undefined ? estimateUsage(request, step.reply) : step.usage;
  const finishReason = step.finishReason ?? "stop";
  if (request.api === "openai") {
    if (request.stream) streamOpenAI(res, request, step.reply, usage, finishReason);
    else sendJson(res, 200, openAICompletion(request, step.reply, usage, finishReason));
  } else if (request.api === "ollama") {
    answerOllama(res, request, step.reply, usage, finishReason);
  } else if (request.stream) {
    streamAnthropic(res, request, step.reply, usage, finishReason);
  } else {
    sendJson(res, 200, anthropicMessage(request, step.reply, usage, finishReason));
  }
}

function recordRequest(
  api: ScriptedApi,
  path: string,
  body: Record<string, unknown>,
  headers: IncomingMessage["headers"],
): RecordedRequest {
  const messages: { role: string; content: string }[] = [];
  if (api === "anthropic" && body.system !== undefined) messages.push({ role: "system", content: flatten(body.system) });
  for (const message of (Array.isArray(body.messages) ? body.messages : []) as Record<string, unknown>[]) {
    messages.push({ role: String(message.role), content: flatten(message.content) });
  }
  // Ollama puts sampling settings under `options` and streams unless told not to.
  const settings = api === "ollama" ? ((body.options ?? {}) as Record<string, unknown>) : body;
  const maxTokens = settings.max_tokens ?? settings.max_completion_tokens ?? settings.num_predict;
  return {
    api,
    path,
    model: typeof body.model === "string" ? body.model : undefined,
    messages,
    temperature: typeof settings.temperature === "number" ? settings.temperature : undefined,
    maxTokens: typeof maxTokens === "number" ? maxTokens : undefined,
    stream: api === "ollama" ? body.stream !== false : body.stream === true,
    body,
    headers: { ...headers },
  };
}

/** Message content is a string or a list of parts (`{type: "text", text}`); tests want text. */
function flatten(content: unknown): string {
  if (typeof content === "string") return content;
  if (Array.isArray(content)) {
    return content
      .map((part) => (typeof part === "string" ? part : typeof part?.text === "string" ? part.text : ""))
      .join("");
  }
  return content === undefined || content === null ? "" : JSON.stringify(content);
}

/** About four characters per token, like real tokenizers on English and code. */
function estimateUsage(request: RecordedRequest, reply: string): ScriptedUsage {
  const inputChars = request.messages.reduce((sum, message) => sum + message.content.length, 0);
  return { input: Math.max(1, Math.ceil(inputChars / 4)), output: Math.max(1, Math.ceil(reply.length / 4)) };
}

let idCounter = 0;
function nextId(prefix: string): string {
  idCounter += 1;
  return `${prefix}${Date.now().toString(36)}${idCounter}`;
}

function openAICompletion(request: RecordedRequest, reply: string, usage: ScriptedUsage | null, finishReason: string) {
  return {
    id: nextId("chatcmpl-"),
    object: "chat.completion",
    created: Math.floor(Date.now() / 1000),
    model: request.model ?? "scripted",
    choices: [{ index: 0, message: { role: "assistant", content: reply, refusal: null }, logprobs: null, finish_reason: finishReason }],
    ...(usage === null
      ? {}
      : { usage: { prompt_tokens: usage.input, completion_tokens: usage.output, total_tokens: usage.input + usage.output } }),
    system_fingerprint: "fp_scripted",
  };
}

function streamOpenAI(
  res: ServerResponse,
  request: RecordedRequest,
  reply: string,
  usage: ScriptedUsage | null,
  finishReason: string,
): void {
  const id = nextId("chatcmpl-");
  const created = Math.floor(Date.now() / 1000);
  const model = request.model ?? "scripted";
  const chunk = (choices: unknown[], extra: Record<string, unknown> = {}) =>
    `data: ${JSON.stringify({ id, object: "chat.completion.chunk", created, model, system_fingerprint: "fp_scripted", choices, ...extra })}\n\n`;
  res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache", connection: "keep-alive" });
  res.write(chunk([{ index: 0, delta: { role: "assistant", content: "" }, logprobs: null, finish_reason: null }]));
  for (const piece of pieces(reply)) {
    res.write(chunk([{ index: 0, delta: { content: piece }, logprobs: null, finish_reason: null }]));
  }
  res.write(chunk([{ index: 0, delta: {}, logprobs: null, finish_reason: finishReason }]));
  const streamOptions = request.body.stream_options as { include_usage?: boolean } | undefined;
  if (usage !== null && streamOptions?.include_usage === true) {
    res.write(
      chunk([], { usage: { prompt_tokens: usage.input, completion_tokens: usage.output, total_tokens: usage.input + usage.output } }),
    );
  }
  res.end("data: [DONE]\n\n");
}

function anthropicMessage(request: RecordedRequest, reply: string, usage: ScriptedUsage | null, finishReason: string) {
  return {
    id: nextId("msg_"),
    type: "message",
    role: "assistant",
    model: request.model ?? "scripted",
    content: [{ type: "text", text: reply }],
    stop_reason: finishReason === "length" ? "max_tokens" : "end_turn",
    stop_sequence: null,
    usage: { input_tokens: usage?.input ?? 0, output_tokens: usage?.output ?? 0 },
  };
}

function streamAnthropic(
  res: ServerResponse,
  request: RecordedRequest,
  reply: string,
  usage: ScriptedUsage | null,
  finishReason: string,
): void {
  const event = (type: string, data: Record<string, unknown>) => `event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n`;
  res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache", connection: "keep-alive" });
  res.write(
    event("message_start", {
      message: {
        id: nextId("msg_"),
        type: "message",
        role: "assistant",
        model: request.model ?? "scripted",
        content: [],
        stop_reason: null,
        stop_sequence: null,
        // Anthropic sends a token or so here and the total in message_delta; LangChain adds the
        // two, so 0 here keeps the scripted total exact.
        usage: { input_tokens: usage?.input ?? 0, output_tokens: 0 },
      },
    }),
  );
  res.write(event("content_block_start", { index: 0, content_block: { type: "text", text: "" } }));
  for (const piece of pieces(reply)) {
    res.write(event("content_block_delta", { index: 0, delta: { type: "text_delta", text: piece } }));
  }
  res.write(event("content_block_stop", { index: 0 }));
  res.write(
    event("message_delta", {
      delta: { stop_reason: finishReason === "length" ? "max_tokens" : "end_turn", stop_sequence: null },
      usage: { output_tokens: usage?.output ?? 0 },
    }),
  );
  res.end(event("message_stop", {}));
}

/** Ollama streams newline-delimited JSON: content pieces, then a `done` line with the counts. */
function answerOllama(
  res: ServerResponse,
  request: RecordedRequest,
  reply: string,
  usage: ScriptedUsage | null,
  finishReason: string,
): void {
  const model = request.model ?? "scripted";
  const createdAt = new Date().toISOString();
  const done = {
    model,
    created_at: createdAt,
    message: { role: "assistant", content: request.stream ? "" : reply },
    done: true,
    done_reason: finishReason,
    total_duration: 1_000_000,
    load_duration: 1_000,
    prompt_eval_duration: 1_000,
    eval_duration: 1_000,
    ...(usage === null ? {} : { prompt_eval_count: usage.input, eval_count: usage.output }),
  };
  if (!request.stream) {
    sendJson(res, 200, done);
    return;
  }
  res.writeHead(200, { "content-type": "application/x-ndjson" });
  for (const piece of pieces(reply)) {
    res.write(`${JSON.stringify({ model, created_at: createdAt, message: { role: "assistant", content: piece }, done: false })}\n`);
  }
  res.end(`${JSON.stringify(done)}\n`);
}

/** Splits a reply into stream deltas the way servers do: a few characters at a time. */
function pieces(text: string): string[] {
  const size = 16;
  const result: string[] = [];
  for (let start = 0; start < text.length; start += size) result.push(text.slice(start, start + size));
  return result;
}

function defaultErrorMessage(status: number): string {
  if (status === 429) return "Rate limit reached for requests. Please try again later.";
  if (status === 401) return "Incorrect API key provided.";
  if (status === 403) return "You are not allowed to access this model.";
  if (status === 404) return "The model does not exist or you do not have access to it.";
  if (status === 400) return "Invalid request.";
  if (status === 503) return "The engine is currently overloaded, please try again later.";
  return "The server had an error while processing your request. Sorry about that!";
}

const OPENAI_ERROR_TYPES: Record<number, string> = {
  400: "invalid_request_error",
  401: "invalid_request_error",
  403: "permission_error",
  404: "invalid_request_error",
  429: "rate_limit_exceeded",
};

const ANTHROPIC_ERROR_TYPES: Record<number, string> = {
  400: "invalid_request_error",
  401: "authentication_error",
  403: "permission_error",
  404: "not_found_error",
  429: "rate_limit_error",
  529: "overloaded_error",
};

function sendError(
  res: ServerResponse,
  api: ScriptedApi,
  status: number,
  message: string,
  headers: Record<string, string> = {},
): void {
  const body =
    api === "openai"
      ? { error: { message, type: OPENAI_ERROR_TYPES[status] ?? "server_error", param: null, code: null } }
      : api === "anthropic"
        ? { type: "error", error: { type: ANTHROPIC_ERROR_TYPES[status] ?? "api_error", message } }
        : { error: message };
  res.writeHead(status, { "content-type": "application/json", ...headers });
  res.end(JSON.stringify(body));
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify(body));
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}
